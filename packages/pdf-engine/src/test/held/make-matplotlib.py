# Makes matplotlib.pdf, the held corpus's matplotlib file (python3-matplotlib is not among the
# machine's packages, so the file is committed rather than made at test time). Run as the corpus
# runs its python producers: python3 make-matplotlib.py matplotlib.pdf '{"lines": [...], "second": [...], "title": "..."}'
# with the lines, second-font words and title of producers.ts.
import sys, json
import matplotlib
matplotlib.use('pdf')
matplotlib.rcParams['pdf.fonttype'] = 3  # matplotlib's default: each glyph a Type 3 procedure
import matplotlib.pyplot as plt

spec = json.loads(sys.argv[2])
fig = plt.figure(figsize=(8.27, 11.69))
# A Gouraud-shaded band behind the first two lines: matplotlib paints it with the sh operator.
band = fig.add_axes([0, 0, 1, 1], zorder=-1)
band.set_axis_off()
band.set_xlim(0, 1)
band.set_ylim(0, 1)
band.tripcolor([0.08, 0.7, 0.08, 0.7], [0.87, 0.87, 0.9, 0.9], [0, 1, 0, 1], triangles=[[0, 1, 2], [1, 3, 2]], shading='gouraud', cmap='YlGn', vmin=-1, vmax=2)
y = 0.9
for line in spec['lines']:
    fig.text(0.1, y, line, fontsize=12, family='DejaVu Sans')
    y -= 0.025
fig.text(0.1, y, spec['second'][0], fontsize=12, family='DejaVu Sans')
fig.text(0.145, y, spec['second'][1], fontsize=12, family='DejaVu Sans Mono', weight='bold')
fig.text(0.222, y, spec['second'][2], fontsize=12, family='DejaVu Sans')
fig.savefig(sys.argv[1], metadata={'Title': spec['title']})

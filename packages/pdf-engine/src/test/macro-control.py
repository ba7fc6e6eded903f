"""Test-only positive control: converts a document on a listener the way an unprotected setup
would (visible frame, macros allowed), so its event macros get their chance to run."""
import os
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


pipe, path, output, marker = sys.argv[1:5]
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
for _ in range(300):
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        break
    except Exception:  # noqa: BLE001 - still starting
        time.sleep(0.1)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
ALWAYS_EXECUTE_NO_WARN = 4
doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (prop("MacroExecutionMode", ALWAYS_EXECUTE_NO_WARN),))
# Event macros run from LibreOffice's event loop, after the load call returns.
deadline = time.monotonic() + 15
while not os.path.exists(marker) and time.monotonic() < deadline:
    time.sleep(0.1)
doc.storeToURL(uno.systemPathToFileUrl(output), (prop("FilterName", "writer_pdf_Export"),))
doc.close(True)
print("done")

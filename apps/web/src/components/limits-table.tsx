import { LIMIT_ROWS, PLAN_LIMITS, PLAN_NAMES, type Plan } from '@wattle/shared';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

// The paid plans join when they can be bought (billing issue).
const SHOWN: readonly Plan[] = ['visitor', 'free'];

/** The shared limits table, the same figures the server enforces and the API document states. Cells wrap to fit a phone. */
export function LimitsTable({ caption }: { caption: string }) {
  return (
    <div className="rounded-xl border bg-card">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">
              <span className="sr-only">Limit</span>
            </TableHead>
            {SHOWN.map((plan) => (
              <TableHead key={plan} scope="col" className="text-right whitespace-normal">
                {PLAN_NAMES[plan]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {LIMIT_ROWS.map((row) => (
            <TableRow key={row.key}>
              <TableHead scope="row" className="font-medium whitespace-normal text-foreground">
                {row.label}
              </TableHead>
              {SHOWN.map((plan) => (
                <TableCell key={plan} className="text-right whitespace-normal tabular-nums">
                  {row.show(PLAN_LIMITS[plan][row.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

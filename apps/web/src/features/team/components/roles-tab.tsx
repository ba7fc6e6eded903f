import { CheckIcon, MinusIcon } from 'lucide-react';
import { TEAM_ACTIONS, TEAM_ROLES, teamRoleMay, type TeamAction } from '@wattle/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ROLE_LABEL } from '../lib/roles';

const ACTIONS = Object.keys(TEAM_ACTIONS) as TeamAction[];

/** The role × action table the server enforces, as ticks. */
export function RolesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Roles</h2>
        </CardTitle>
        <CardDescription>What each role may do in this team.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Action</TableHead>
              {TEAM_ROLES.map((role) => (
                <TableHead key={role} scope="col" className="text-center">
                  {ROLE_LABEL[role]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {ACTIONS.map((action) => (
              <TableRow key={action}>
                <TableHead scope="row" className="h-auto py-2 font-normal whitespace-normal text-foreground">
                  {TEAM_ACTIONS[action].label}
                </TableHead>
                {TEAM_ROLES.map((role) => (
                  <TableCell key={role} className="text-center">
                    {teamRoleMay(role, action) ? (
                      <CheckIcon className="mx-auto size-4 text-primary" aria-label="Yes" role="img" />
                    ) : (
                      <MinusIcon className="mx-auto size-4 text-muted-foreground" aria-label="No" role="img" />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

import { ArrowRightIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The large "sign up" call-to-action button, with its arrow. */
export function SignUpButton({ variant, children }: { variant?: ComponentProps<typeof Button>['variant']; children: ReactNode }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to="/auth/signup">
        {children}
        <ArrowRightIcon />
      </Link>
    </Button>
  );
}

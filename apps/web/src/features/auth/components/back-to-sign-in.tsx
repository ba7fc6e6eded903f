import { Link } from 'react-router';

/** The way back from an account page that is done, or cannot go on, to signing in. */
export function BackToSignIn() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      <Link to="/auth/login" className="font-medium text-foreground underline underline-offset-4">
        Back to sign in
      </Link>
    </p>
  );
}

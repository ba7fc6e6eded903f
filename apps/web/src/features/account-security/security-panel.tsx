import { ChangeEmailCard } from './components/change-email-card';
import { ChangePasswordCard } from './components/change-password-card';
import { DeleteAccountCard } from './components/delete-account-card';
import { SessionsCard } from './components/sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The Security tab of Settings: password, email, two-factor, devices, and deleting the account. */
export function SecurityPanel() {
  return (
    <div className="max-w-3xl min-w-0 space-y-4">
      <ChangePasswordCard />
      <ChangeEmailCard />
      <TwoFactorCard />
      <SessionsCard />
      <DeleteAccountCard />
    </div>
  );
}

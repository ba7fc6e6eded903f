import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CtaBanner } from '@/components/public-page/cta-banner';
import { Button } from '@/components/ui/button';
import { useCompanyInfo } from '@/features/company/api/company-info';

/** Closing banner of the enterprise pages: write to sales (address from the company record). */
export function EnterpriseCta() {
  const { data: company } = useCompanyInfo();
  const email = company?.email_sales;
  return (
    <CtaBanner
      title="Talk to our enterprise team"
      description="Tell us what your organisation needs from Wattle PDF, such as more storage for each account, and we will get back to you."
      actions={
        <Button asChild size="lg" variant="wattle">
          {email ? (
            <a href={`mailto:${email}?subject=${encodeURIComponent('Enterprise enquiry')}`}>
              <MailIcon />
              Contact Sales
            </a>
          ) : (
            <Link to="/contact">Contact Sales</Link>
          )}
        </Button>
      }
    />
  );
}

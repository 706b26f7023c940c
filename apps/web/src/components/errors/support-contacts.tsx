import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { Fragment } from 'react';

type SupportContactsProps = {
  email: string;
  phones: readonly string[];
  variant?: TypographyProps['variant'];
};

/** 'Contact support: {email}, {phone}, {phone}', each a link that opens mail or the dialler. */
export function SupportContacts({ email, phones, variant = 'body2' }: SupportContactsProps) {
  return (
    <Typography variant={variant} component="p" color="text.secondary">
      Contact support: <Link href={`mailto:${email}`}>{email}</Link>
      {phones.map((phone) => (
        <Fragment key={phone}>
          {', '}
          <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Link>
        </Fragment>
      ))}
    </Typography>
  );
}

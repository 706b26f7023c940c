import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { DocumentLink } from '@/features/documents/utils/parse-document-resources';
import { DOCUMENTS_TEXTS } from '@/features/documents/utils/documents-texts';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { DocumentIcon } from './document-icon';

/**
 * The line under a document's name: where the link goes, in words a person reads at a glance
 * (never a raw address broken across lines): this app, the mail or phone, or the site's name.
 */
function whereItGoes(document: DocumentLink): string {
  if (document.kind === 'app') return DOCUMENTS_TEXTS.inApp;
  if (document.kind === 'contact') return document.href.replace(/^(mailto|tel):/, '');
  const url = new URL(document.href);
  // A guide this server ships opens in a tab of its own, but it is still SMT's.
  if (url.origin === window.location.origin) return DOCUMENTS_TEXTS.inApp;
  return url.hostname.replace(/^www\./, '');
}

type DocumentCardProps = { document: DocumentLink };

/** One document: its icon, name and link, the whole card opening it. */
export function DocumentCard({ document }: DocumentCardProps) {
  const content = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <DocumentIcon id={document.id} color="primary" sx={{ fontSize: 40, flexShrink: 0 }} />
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        {/* The name is the link's text: what the card opens, as people call it. */}
        <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600 }}>
          {document.name}
          {document.kind === 'external' && (
            <>
              <OpenInNewIcon aria-hidden sx={{ fontSize: 16, ml: 0.5, verticalAlign: 'middle' }} />
              <VisuallyHidden>{DOCUMENTS_TEXTS.newTab}</VisuallyHidden>
            </>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
          {whereItGoes(document)}
        </Typography>
      </Stack>
    </Stack>
  );
  const area = { height: '100%', p: 2 };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {document.kind === 'app' ? (
        <CardActionArea component={RouterLink} to={document.href} sx={area}>
          {content}
        </CardActionArea>
      ) : document.kind === 'contact' ? (
        <CardActionArea href={document.href} sx={area}>
          {content}
        </CardActionArea>
      ) : (
        <CardActionArea href={document.href} target="_blank" rel="noopener noreferrer" sx={area}>
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}

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

/** What a card shows as its link: the address without its scheme, or a mail or phone. */
function shownLink(document: DocumentLink): string {
  if (document.kind === 'app') return `${window.location.host}${document.href}`;
  if (document.kind === 'contact') return document.href.replace(/^(mailto|tel):/, '');
  return document.href.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

type DocumentCardProps = { document: DocumentLink };

/** One document: its icon, name and link, the whole card opening it. */
export function DocumentCard({ document }: DocumentCardProps) {
  const content = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <DocumentIcon id={document.id} color="primary" sx={{ fontSize: 40, flexShrink: 0 }} />
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {document.name}
        </Typography>
        <Typography
          variant="body2"
          color="primary"
          sx={{ overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {shownLink(document)}
          {document.kind === 'external' && (
            <>
              <OpenInNewIcon aria-hidden sx={{ fontSize: 16 }} />
              <VisuallyHidden>{DOCUMENTS_TEXTS.newTab}</VisuallyHidden>
            </>
          )}
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

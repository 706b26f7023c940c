import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import {
  COPIED_TO_CLIPBOARD_DURATION_MS,
  errorMessages,
  successMessages,
  type ShareData,
} from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnack } from '@/components/ui/snack';
import { notificationShareQueryOptions } from '@/features/notifications/api/get-notification-share';
import { detailsTexts } from './details-texts';
import { mailtoLinkOf, whatsAppLinkOf } from './share-links';
import { ShareItem } from './share-item';
import { SharePhoneDialog } from './share-phone-dialog';

type ShareButtonProps = { notificationId: number };

/** Share: e-mail, WhatsApp, copy the public link, or WhatsApp to a phone (SPEC §2.5). */
export function ShareButton({ notificationId }: ShareButtonProps) {
  const queryClient = useQueryClient();
  const snack = useSnack();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [share, setShare] = useState<ShareData | null>(null);
  const [loading, setLoading] = useState(false);
  const [copied, setCopied] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const open = async (button: HTMLElement) => {
    setLoading(true);
    try {
      setShare(await queryClient.fetchQuery(notificationShareQueryOptions(notificationId)));
      setAnchor(button);
    } catch {
      snack.error(errorMessages.operationFailed);
    } finally {
      setLoading(false);
    }
  };

  const close = () => setAnchor(null);

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      snack.error(errorMessages.operationFailed);
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_TO_CLIPBOARD_DURATION_MS);
  };

  const sendToPhone = (phone: string) => {
    if (share) window.open(whatsAppLinkOf(share, phone), '_blank', 'noopener,noreferrer');
    setPhoneOpen(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        loading={loading}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => void open(event.currentTarget)}
      >
        {detailsTexts.share}
      </Button>
      <Popover
        id={popoverId}
        anchorEl={anchor}
        open={anchor !== null && share !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { 'aria-label': detailsTexts.share } }}
      >
        {share && (
          <List dense sx={{ minWidth: 220 }}>
            <ShareItem
              icon={<EmailOutlinedIcon fontSize="small" />}
              label={detailsTexts.shareByEmail}
              href={mailtoLinkOf(share)}
              onClick={close}
            />
            <ShareItem
              icon={<ChatIcon fontSize="small" />}
              label={detailsTexts.shareByWhatsApp}
              href={whatsAppLinkOf(share)}
              onClick={close}
            />
            <ShareItem
              icon={<ContentCopyIcon fontSize="small" />}
              label={detailsTexts.copyLink}
              onClick={() => void copyLink(share.url)}
            />
            <ShareItem
              icon={<PhoneIphoneIcon fontSize="small" />}
              label={detailsTexts.shareToPhone}
              onClick={() => {
                close();
                setPhoneOpen(true);
              }}
            />
          </List>
        )}
        <Typography
          role="status"
          variant="body2"
          color="success.main"
          sx={{ px: 2, pb: copied ? 1.5 : 0 }}
        >
          {copied ? successMessages.copiedToClipboard : ''}
        </Typography>
      </Popover>
      <SharePhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} onSend={sendToPhone} />
    </>
  );
}

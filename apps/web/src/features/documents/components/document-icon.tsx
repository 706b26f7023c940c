import ContactSupportIcon from '@mui/icons-material/ContactSupportOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunchOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { isKnownDocumentId, type KnownDocumentId } from '@smt/shared';
import type { ComponentType } from 'react';

const ICON_OF: Record<KnownDocumentId, ComponentType<SvgIconProps>> = {
  ON_BOARDING: RocketLaunchIcon,
  USER_GUIDE: MenuBookIcon,
  TRAINING_VIDEO_EN: OndemandVideoIcon,
  TRAINING_VIDEO_HE: OndemandVideoIcon,
  CONTACT_US: ContactSupportIcon,
};

type DocumentIconProps = { id: string } & SvgIconProps;

/** The five documents SPEC §2.9 names get an icon of their own; any other a plain page. */
export function DocumentIcon({ id, ...props }: DocumentIconProps) {
  const Icon = isKnownDocumentId(id) ? ICON_OF[id] : DescriptionIcon;
  return <Icon data-document-icon={isKnownDocumentId(id) ? id : 'OTHER'} {...props} />;
}

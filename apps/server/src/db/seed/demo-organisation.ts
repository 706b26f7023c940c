import { Process, type Media, type ServerRole } from '@smt/shared';

// The demo organisation of CONTRACT.md, exactly: two agencies, three branches, and the eight
// demo users. Managers and the branch manager book too, so each has an agent identity.

export type DemoUser = {
  name: string;
  email: string;
  phone: string;
  role: ServerRole;
  agency?: string;
  branch?: string;
  agentInitials?: string;
};

export const DEMO_AGENCIES = [
  {
    name: 'Demo Travel',
    branches: [
      { pcc: 'TLV1', name: 'Tel Aviv' },
      { pcc: 'JRS1', name: 'Jerusalem' },
    ],
  },
  { name: 'Globe Tours', branches: [{ pcc: 'HFA1', name: 'Haifa' }] },
] as const;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Super User',
    email: 'super@demo.test',
    phone: '+972500000001',
    role: 'ROLE_SA_SUPER_USER',
  },
  {
    name: 'Maya Manager',
    email: 'manager@demo.test',
    phone: '+972500000002',
    role: 'ROLE_SA_MANAGER_USER',
    agency: 'Demo Travel',
    branch: 'TLV1',
    agentInitials: 'MM',
  },
  {
    name: 'Adam Agent',
    email: 'agent@demo.test',
    phone: '+972500000003',
    role: 'ROLE_SA_AGENT_USER',
    agency: 'Demo Travel',
    branch: 'TLV1',
    agentInitials: 'AA',
  },
  {
    name: 'Bella Agent',
    email: 'agent2@demo.test',
    phone: '+972500000004',
    role: 'ROLE_SA_AGENT_USER',
    agency: 'Demo Travel',
    branch: 'TLV1',
    agentInitials: 'BA',
  },
  {
    name: 'Omer Operator',
    email: 'operator@demo.test',
    phone: '+972500000005',
    role: 'ROLE_SA_OPERATOR_USER',
  },
  {
    name: 'Ben Branch',
    email: 'branchmanager@demo.test',
    phone: '+972500000006',
    role: 'ROLE_SA_BRANCH_MANAGER_USER',
    agency: 'Demo Travel',
    branch: 'JRS1',
    agentInitials: 'BB',
  },
  {
    name: 'Gil Globe',
    email: 'globe.manager@demo.test',
    phone: '+972500000007',
    role: 'ROLE_SA_MANAGER_USER',
    agency: 'Globe Tours',
    branch: 'HFA1',
    agentInitials: 'GG',
  },
  {
    name: 'Gal Globe',
    email: 'globe.agent@demo.test',
    phone: '+972500000008',
    role: 'ROLE_SA_AGENT_USER',
    agency: 'Globe Tours',
    branch: 'HFA1',
    agentInitials: 'GA',
  },
];

/** Branch-wide subscriptions the demo starts with. */
export const DEMO_SUBSCRIPTIONS: { processes: readonly Process[]; media: Media } = {
  processes: Process.options,
  media: 'PUSH',
};

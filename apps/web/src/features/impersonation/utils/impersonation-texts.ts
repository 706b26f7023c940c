// The words of switching user (SPEC §4, §7.2).
export const impersonationTexts = {
  switchUser: 'Switch user',
  dialogTitle: 'Switch user',
  dialogText: 'Act as another user: enter the phone number they sign in with.',
  phoneCode: 'Phone code',
  phoneNumber: 'Phone number',
  cancel: 'Cancel',
  switchTo: (name: string) => `Switch to ${name}`,
  switchQuestion: (name: string) => `Switch to ${name}?`,
  switchText:
    'You will act as this user until you choose Stop Impersonation. What you change is ' +
    'recorded under both your names.',
} as const;

// What other modules may use of the users: finding and recording a user as sign-in needs.
export {
  confirmEmail,
  findUserByConfirmedEmail,
  findUserByPhone,
  insertNewRegisteredUser,
  recordSignIn,
  type UserRow,
} from './users.repository';

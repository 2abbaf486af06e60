/** Sign-in, registration, password reset, contact and e-mail confirmation strings. */
export const authStrings = {
  login: {
    title: 'Login',
    username: 'Username',
    password: 'Password',
    submit: 'Login',
    cantLogin: "Can't login?",
    forgotPassword: 'Forgot password?',
    register: 'Register',
    noAccount: 'No account yet?',
  },

  reset: {
    title: 'Set a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    mismatch: 'The passwords do not match',
    submit: 'Change password',
    cancel: 'Cancel',
    changed: 'Your password has been changed',
  },

  register: {
    title: 'Register',
    closed: 'Registrations are currently closed',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    name: 'Name',
    invite: 'Invite code',
    acceptTos: 'I accept the terms of service',
    tosLink: 'Terms of service',
    acceptPrivacy: 'I accept the privacy notice',
    privacyLink: 'Privacy notice',
    // Must not contain "email": getByLabel('Email') would match it too.
    marketing: 'Send me news and offers',
    submit: 'Register',
    usernameHint: 'More than 3 characters: letters, digits, dots, dashes, underscores',
    passwordHint: 'At least 8 characters; a few unrelated words make a strong one',
    disabledWhy: 'To register, fix:',
    strength: 'Password strength',
    strengthLevels: ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'],
    haveAccount: 'Already registered?',
    login: 'Login',
    confirmationSent: 'A confirmation email has been sent to your address',
    loading: 'Loading',
  },

  forgot: {
    title: 'Forgot password',
    intro: 'Enter the e-mail address of your account and we will send you a reset link.',
    email: 'Email',
    submit: 'Send',
    sent: 'If the address is registered, a reset link has been sent',
    back: 'Back to login',
  },

  contact: {
    title: 'Contact',
    intro: 'Send us a message and we will answer by e-mail.',
    name: 'Name',
    email: 'Email',
    body: 'Message',
    submit: 'Send',
    sent: 'Your message has been sent',
  },

  confirmEmail: {
    title: 'Confirming your email',
    confirmed: 'Your email has been confirmed',
    failed: 'Your email could not be confirmed',
    missingCode: 'The confirmation link has no code.',
    home: 'Go to the home page',
    signedOutDone: 'Your e-mail address is confirmed. Sign in to continue.',
    signIn: 'Sign in',
  },
} as const;

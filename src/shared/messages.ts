// The one English message catalogue (SPEC §5, §8). The SPA and the API both read it, so a rule
// and its message are worded once. `{name}` placeholders are filled by `t`.
export const messages = {
  'app.name': 'Somesha',

  'validation.required': 'This field is required.',
  'validation.email': 'Enter a valid e-mail address.',
  'validation.dateBetween': 'Date must be between {minDate} and {maxDate}.',
  'validation.dateAfter': 'Date must be after {date}.',
  'validation.dateAfterToday': 'Date must be after today.',
  'validation.dateBefore': 'Date must be before {date}.',
  'validation.passwordMin': 'Password must be at least {min} characters.',
  'validation.passwordNumber': 'Password must contain at least one number.',
  'validation.passwordSpecial': 'Password must contain at least one special character.',
  'validation.passwordLowercase': 'Password must contain at least one lowercase letter.',
  'validation.passwordUppercase': 'Password must contain at least one uppercase letter.',
  'validation.passwordMismatch': 'Passwords do not match.',
  'validation.fileTypes': 'Allowed file types: {types}.',
  'validation.fileSize': 'Maximum file size is {size} MB.',
  'validation.fileCount': 'Upload between {min} and {max} files.',
  'validation.phone': 'Invalid phone number.',
  'validation.safaricomPhone': 'Enter a valid Safaricom phone number.',
  'validation.gender': 'Invalid gender.',
  'validation.dob': 'Invalid date of birth.',
  'validation.minAge': 'You must be at least {min} years old.',
  'validation.dobFuture': 'Date of birth cannot be in the future.',
  'validation.terms': 'You must agree to continue.',
  'validation.contract': 'Read and sign the contract to continue.',
  'validation.paymentMethod': 'Please select a payment method to continue.',
  'validation.general': 'Please check the highlighted fields and try again.',
  'validation.subjectsMax': 'You can only select {no} subjects',
  'validation.subjectsMin': 'Select at least {no} subjects',
  'validation.pin': 'The PIN must be a 4-digit number.',
  'validation.pinMismatch': 'The PINs do not match.',
  'validation.username': 'Use 3 to 30 letters, digits, dots or underscores.',
  'validation.usernameTaken': 'The username has already been taken.',
  'validation.emailTaken': 'The email has already been taken.',
  'validation.maxLength': 'Use at most {max} characters.',
  'validation.choice': 'Choose one of the options.',
  'validation.childrenRequired': 'Add at least one child to continue.',
  'validation.currentPassword': 'The current password is incorrect.',

  'placeholder.password': 'Min 8 characters',

  'auth.invalidCredentials': 'Invalid credentials. please try again.',
  'auth.notActivated': 'Please activate your account first. We have sent you a new activation e-mail.',
  'auth.accountCreated': 'Account created. Check your e-mail to activate it.',
  'auth.activated': 'Your account is active. You can sign in now.',
  'auth.activationInvalid': 'This activation link is invalid or has expired.',
  'auth.resetEmailSent': 'If an account exists for that e-mail, we have sent a password reset link.',
  'auth.passwordResetDone': 'Your password has been reset. You can sign in now.',
  'auth.resetLinkInvalid': 'This password reset link is invalid or has expired.',
  'auth.passwordChanged': 'Password changed',
  'auth.unauthenticated': 'Unauthenticated.',
  'auth.unauthorized': 'This action is unauthorized.',
  'auth.csrfMismatch': 'CSRF token mismatch.',
  'auth.tooManyAttempts': 'Too many attempts. Try again in {seconds} seconds.',
  'auth.signedOut': 'You have been signed out.',
  'auth.sessionExpired': 'Your session has ended. Please sign in again.',

  'profile.updated': 'Profile updated',
  'profile.submitted': 'Your profile has been submitted for approval.',
  'lesson.approved': 'Your lesson registration has been approved',
  'lesson.rejected': 'Your lesson registration failed approval',

  'messages.general': 'Something went wrong, please try again later.',
  'messages.reload': 'Oops, something went wrong, please reload the page.',
  'messages.notFound': 'Not found.',
  'messages.deleteFailed': 'Failed to delete {name}. Please try again later or contact support if the issue persists.',
  'messages.none': 'No {name} available.',
  'messages.loadError': 'Error loading {name}.',
  'messages.created': '{name} created',
  'messages.updated': '{name} updated',
  'messages.deleted': '{name} deleted',
  'messages.timeslots': 'Sorry, could not get available time slots. Please choose a different date.',
  'messages.unknownError': 'An unknown error occurred',

  'notFound.title': 'Whoops, 404',
  'notFound.heading': 'Page not found',
  'notFound.body': 'The page you were looking for does not exist',

  'cart.checkout': 'Checkout',
  'cart.checkoutError': 'We could not load your checkout. Please try again.',
  'cart.removeItemError': 'We could not remove the item. Please try again.',
  'cart.error': 'We could not load your cart.',
  'payment.failMsg': 'Payment failed. Please try again.',
  'payment.pending': 'Waiting for your payment to complete…',
} as const;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function t(key: MessageKey, params?: MessageParams): string {
  const template: string = messages[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

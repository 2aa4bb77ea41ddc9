/** Texts of the payment dialogs every payment flow shares (spec strings exactly as quoted). */
export const paymentMessages = {
  unfinishedTitle: 'The other transaction are on the way...',
  unfinishedText: 'You started a payment that is not finished yet.',
  continuePayment: 'Continue Payment',
  cancelTransaction: 'Cancel Transaction',
  confirmCancel: 'Are you sure to want to cancel this transaction?',
  yesCancel: 'Yes, cancel it',
  keep: 'No, keep it',
  sabbathTitle: 'Happy Sabbath!',
  backHome: 'Back to Home',
  ok: 'OK',
  errorTitle: 'Error',
  checkoutTitle: 'Checkout',
  checkoutError: 'Error occurred. Look at console for details',
} as const;

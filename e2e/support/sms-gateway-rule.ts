/** The end-to-end gateway (fake-sms-gateway.ts) refuses every number ending in this with InvalidPhoneNumber (403). */
export const FAILING_SUFFIX = '0000';

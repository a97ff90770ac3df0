/**
 * Exchanges with Twilio's Messages API as its documentation shows them (create a Message: 201 and
 * the Message resource; a refusal: the error object), for tests that replay them over real HTTP.
 * Identifiers are Twilio's documented shapes with made-up values.
 */
export const TWILIO_ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';

export const twilioCreated = (to: string, from: string, body: string) => ({
  status: 201,
  body: {
    account_sid: TWILIO_ACCOUNT_SID,
    api_version: '2010-04-01',
    body,
    date_created: 'Mon, 23 Nov 2026 10:15:02 +0000',
    date_sent: null,
    date_updated: 'Mon, 23 Nov 2026 10:15:02 +0000',
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: 'SM1f0e2d3c4b5a69788796a5b4c3d2e1f0',
    status: 'queued',
    subresource_uris: {
      media: `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages/SM1f0e2d3c4b5a69788796a5b4c3d2e1f0/Media.json`,
    },
    to,
    uri: `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages/SM1f0e2d3c4b5a69788796a5b4c3d2e1f0.json`,
  },
});

export const twilioInvalidNumber = (to: string) => ({
  status: 400,
  body: {
    code: 21211,
    message: `Invalid 'To' Phone Number: ${to}`,
    more_info: 'https://www.twilio.com/docs/errors/21211',
    status: 400,
  },
});

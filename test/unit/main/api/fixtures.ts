/**
 * Answers of the real service, in every variant the research found (../shared/research/efax-api-facts.md).
 * The source tag of each is in its comment: D-* official docs, MS the white-label reference, SW/PHP1/T18
 * real clients, FB the adapter built from the official OAS reference.
 */

/** MS: received list; no total_records; originating number and TSID "unavailable". */
export const receivedListMs = {
  first_record: 1,
  last_record: 2,
  faxes: [
    {
      fax_id: 'ec048b91-3589-489b-8e95-a067e50d92a8',
      size: 48213,
      duration: 41,
      pages: 2,
      image_downloaded: false,
      fax_status: 'STORED',
      completed_timestamp: '2024-11-26T20:09:13+00:00',
      originating_fax_number: 'unavailable',
      originating_fax_tsid: 'unavailable',
      destination_fax_number: '13105551212',
    },
    {
      fax_id: '723d3c03-ff3e-53b3-e053-5601b00a420d',
      pages: 1,
      image_downloaded: true,
      fax_status: 'STORED',
      completed_timestamp: '2024-05-21T04:27:56.000+0000',
      originating_fax_number: '12125550100',
      originating_fax_tsid: 'ACME LEGAL',
      destination_fax_number: '13105551212',
    },
  ],
};

/** Spec: received list with total_records, "UNKNOWN" originating number, ms + Z timestamp. */
export const receivedListSpec = {
  total_records: 1,
  first_record: 1,
  last_record: 1,
  faxes: [
    {
      fax_id: '11111111-2222-3333-4444-555555555555',
      pages: 3,
      image_downloaded: false,
      fax_status: 'STORED',
      completed_timestamp: '2024-05-10T15:07:01.000Z',
      originating_fax_number: 'UNKNOWN',
    },
  ],
};

/** MS / PHP1: sent list item with nested objects. */
export const sentItemObjects = {
  fax_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  size: 10240,
  duration: 35,
  pages: 2,
  image_downloaded: false,
  fax_status: 'STORED',
  completed_timestamp: '2024-11-26T20:09:13+00:00',
  originating_fax_number: '13105551212',
  destination_fax_number: '15222051030',
  routing_data: { to_name: 'Dr. Who', to_company: 'TARDIS Ltd', subject: 'Referral', from_name: 'Front desk', cover_page_tags: '' },
  transmission_data: { transmission_status: 'COMPLETE', billable_retries: 0, error_code: 'SFAX', error_message: '' },
  client_tracking_data: {
    client_code: 'C1',
    client_id: 'ID-7',
    client_matter: 'M-2',
    client_name: 'Acme',
    client_reference_id: 'REF-9',
    billing_code: 'B-1',
  },
};

/** SW: the same record with the nested parts as one-element arrays, billable_retries null. */
export const sentItemArrays = {
  ...sentItemObjects,
  fax_id: 'a1b2c3d4-0000-4000-8000-000000000002',
  completed_timestamp: '2024-05-21T04:27:56.000+0000',
  routing_data: [{ to_name: 'Dr. Who', to_company: 'TARDIS Ltd', subject: 'Referral', from_name: 'Front desk' }],
  transmission_data: [{ transmission_status: 'ERROR', billable_retries: null, error_code: 'E53', error_message: 'destination fax number not allowed' }],
  client_tracking_data: [{ client_code: 'C1' }],
};

/** MS: metadata of an inbound fax. */
export const metadataInbound = {
  fax_id: 'ec048b91-3589-489b-8e95-a067e50d92a8',
  size: 48213,
  duration: 41,
  pages: 2,
  image_downloaded: true,
  fax_status: 'STORED',
  completed_timestamp: '2024-11-26T20:09:13+00:00',
  direction: 'INBOUND',
  originating_fax_number: '12125550100',
  destination_fax_number: '13105551212',
  originating_fax_tsid: 'unavailable',
  destination_fax_csid: 'FAXDESK',
};

/** MS: metadata of an outbound fax, transmission status spelled CANCELLED. */
export const metadataOutbound = {
  ...sentItemObjects,
  direction: 'outbound',
  transmission_data: { transmission_status: 'CANCELLED', billable_retries: '1', error_code: 'E45', error_message: 'Cancelled by sender' },
};

/** MS: transmission details; D-out / FB status spellings are substituted by the tests. */
export const detailMs = {
  fax_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  direction: 'OUTBOUND',
  originating_fax_number: '13105551212',
  destination_fax_number: '15222051030',
  transmission_data: {
    transmission_status: 'COMPLETED',
    completed_timestamp: '2024-11-26T20:09:13+00:00',
    error_code: '0',
    error_message: 'OK',
    total_pages_sent: 2,
    total_duration: 70,
  },
  attempts: [
    { attempt_number: 2, attempt_status: 'COMPLETED', duration: 35 },
    { attempt_number: 1, attempt_status: 'ERROR', duration: 0, error_code: 'E41' },
  ],
};

/** D-ntf: the notification log (bare array), lower-case filter values in the request, upper-case records. */
export const notificationsDntf = [
  {
    app_id: '4d6d4f0e-1234-4bcd-9aaa-1234567890ab',
    user_id: '12345678-87654321',
    fax_id: '723d3c03-ff3e-53b3-e053-5601b00a420d',
    notify_id: 'n-1',
    fax_direction: 'OUTBOUND',
    fax_completed_timestamp: '2024-05-10T15:07:01.000Z',
    notify_type: 'WEBHOOK',
    notify_destination: 'https://example.com/hook',
    sent_status: 'FAILED',
  },
  {
    app_id: '4d6d4f0e-1234-4bcd-9aaa-1234567890ab',
    user_id: '12345678-87654321',
    fax_id: 'ec048b91-3589-489b-8e95-a067e50d92a8',
    notify_id: 'n-2',
    fax_direction: 'INBOUND',
    fax_completed_timestamp: '2024-05-10T15:08:01.000Z',
    notify_type: 'WEBHOOK',
    notify_destination: 'https://example.com/hook',
    sent_status: 'SUCCESSFUL',
  },
];

/** Spec: ping answer. */
export const pingSpec = [
  { app_id: 'APP', notify_id: 'p-1', notify_config_id: 'cfg-1', fax_direction: 'OUTBOUND', notify_type: 'WEBHOOK', event_type: 'PING' },
];

/** MS: notification configuration. */
export const notificationConfigsMs = [
  { notification_id: 'cfg-1', app_id: 'APP', direction: 'OUTBOUND', notify_destination: 'https://example.com/out', enabled: true },
  { notification_id: 'cfg-2', app_id: 'APP', direction: 'INBOUND', notify_destination: 'https://example.com:8443/in', enabled: false },
];

/** SW / T18: token answer. */
export const tokenSw = {
  access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzY29wZSI6WyJyZWFkIiwid3JpdGUiXX0.c2lnbmF0dXJl',
  token_type: 'bearer',
  expires_in: 86399,
  scope: 'read write',
  jti: '5f1c0d4e-2b5b-4a39-9d54-8a3c2f1e0b7a',
};

/** MS / PHP1: POST /faxes answers an array, one entry per destination. */
export const sendArrayMs = [
  { fax_id: 'f-1', destination_fax_number: '15222051030' },
  { fax_id: 'f-2', destination_fax_number: '81342167158' },
];

/** MS: image and pages. */
export const imageMs = { fax_id: 'f-1', file_name: 'f-1.pdf', image: Buffer.from('%PDF-1.4 test').toString('base64') };
export const imagePagesMs = {
  fax_id: 'f-1',
  pages: [
    { page_number: 0, file_name: 'f-1-P-0.tiff', image: Buffer.from('II*\u0000page0').toString('base64') },
    { page_number: null, file_name: 'f-1-P-1.tiff', image: Buffer.from('II*\u0000page1').toString('base64') },
  ],
};

/** MS / SW / PHP1: error body. */
export const errorBodyMs = {
  errors: [
    {
      element_name: 'image_fax',
      user_message: 'Cannot get fax image',
      developer_message: 'Cannot retrieve fax tiff for fax_id: f-1',
      more_info: '',
      error_code: '102',
    },
  ],
  transaction_id: 'tx-123',
};

/** MS: gateway-level 401 and 429 bodies. */
export const gateway401 = { message: 'Unauthorized' };
export const gateway429Text = 'Too Many Requests.';

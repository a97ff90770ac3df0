/**
 * Exchanges with the KYC providers as their public API references show them, for tests that replay
 * them over real HTTP. Field names, shapes and states are the providers'; names, numbers and ids are
 * the documentation's examples. Each builder names the page it follows.
 */

/** POST /verification/pan — https://www.cashfree.com/docs/reference/pan-verification */
export const cashfreePanVerified = (pan: string, name: string) => ({
  pan,
  type: 'Individual',
  reference_id: 161,
  name_provided: name.toUpperCase(),
  registered_name: name.toUpperCase(),
  valid: true,
  father_name: '',
  message: 'PAN verified successfully',
  name_match_score: '100.00',
  name_match_result: 'DIRECT_MATCH',
  aadhaar_seeding_status: 'Y',
  last_updated_at: '01/01/2019',
  name_pan_card: name.toUpperCase(),
  pan_status: 'VALID',
  aadhaar_seeding_status_desc: 'Aadhaar is linked to PAN',
});

/** POST /verification/liveliness — https://cashfree.com/docs/api-reference/vrs/v2/liveliness/liveliness-check */
export const cashfreeLiveliness = (live: boolean, score: number) => ({
  reference_id: 1357,
  verification_id: '123456',
  status: 'SUCCESS',
  liveliness: live,
  score,
});

/** POST /verification/offline-aadhaar/otp — https://cashfree.com/docs/api-reference/vrs/v2/aadhaar/generate-otp-to-verify-aadhaar */
export const cashfreeOtpSent = { status: 'SUCCESS', message: 'OTP sent successfully', ref_id: 21637861 };

/** POST /verification/offline-aadhaar/verify — https://cashfree.com/docs/api-reference/vrs/v2/aadhaar/submit-otp-to-verify-aadhaar */
export const cashfreeAadhaarVerified = {
  ref_id: '70471',
  status: 'VALID',
  message: 'Aadhaar Card Exists',
  care_of: 'S/O: Fakkirappa Dollin',
  address: 'Shri Kanaka Nilaya,,Umashankar Nagar 1st Main 5th Cross,Ranebennur,Haveri-Karnataka,India',
  dob: '02-02-1995',
  email: '',
  gender: 'M',
  name: 'Mallesh Fakkirappa Dollin',
  split_address: {
    country: 'India',
    dist: 'Haveri',
    house: 'Shri Kanaka Nilaya',
    landmark: '',
    pincode: 581115,
    po: 'Ranebennur',
    state: 'Karnataka',
    street: 'Umashankar Nagar 1st Main 5th Cross',
    subdist: 'Ranibennur',
    vtc: 'Ranibennur',
    locality: 'Pritam Pura',
  },
  year_of_birth: 1995,
  mobile_hash: 'ed189eb73247cb90b769e7e8d7dfd2efa4cd6a5ec27602f5d2721c035266568c',
  photo_link: '<base64 encoded image>',
  share_code: '1234',
  xml_file: '<xml file link with 48hrs expiry>',
};

/** POST …/verification/kyc/liveness/v1 — https://en-doc.trustdecision.com/reference/liveness-detection-api */
export const trustDecisionLiveness = (pass: boolean, score: number) => ({
  code: 200,
  message: 'success',
  sequence_id: '557a00180577433ba002201cd1b0f306',
  result: pass ? 'pass' : 'fail',
  score,
});

/** ID Verification Detailed Version, Indonesia — https://en-doc.trustdecision.com/reference/id-verification-detailed-version-indonesia */
export const trustDecisionIdVerified = {
  code: 200,
  message: 'success',
  sequence_id: '69b57131b6fb4e1a9c7d61ccba118b60',
  result: 'success',
  further_info: {
    id_number: '1101010107730074',
    name: 'ASNAWI ADEN',
    birth_place: 'BAKONGAN',
    birth_date: '1973-07-01 00:00:00',
    religion: 'ISLAM',
    gender: 'Male',
    province: 'ACEH',
    city: 'KAB. ACEH SELATAN',
    district: 'Bakongan',
    village: 'Padang Beurahan',
    office_type: '0105',
  },
};

export const trustDecisionNoRecord = {
  code: 200,
  message: 'success',
  sequence_id: '17119500882aa29',
  result: 'no record',
  reason: 'No record for the ID number',
};

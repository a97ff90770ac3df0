import { describe, expect, it } from 'vitest';
import { Limits } from '../constants.js';
import {
  ContactInfoRequestSchema,
  ProblemSaveRequestSchema,
  RegisterRequestSchema,
  RepaymentConfirmRequestSchema,
  SaveScoreRequestSchema,
} from './index.js';

const complaint = { problemType: '2', problemDetail: 'My repayment is not shown', problemImage: '', orderNo: 'KL1' };

describe('request schemas hold the rules of spec §5', () => {
  it('refuses an empty complaint description', () => {
    expect(ProblemSaveRequestSchema.safeParse({ ...complaint, problemDetail: '   ' }).success).toBe(false);
  });

  it('accepts a 200-character description and refuses 201 characters', () => {
    expect(ProblemSaveRequestSchema.safeParse({ ...complaint, problemDetail: 'a'.repeat(Limits.complaintTextMax) }).success).toBe(true);
    expect(ProblemSaveRequestSchema.safeParse({ ...complaint, problemDetail: 'a'.repeat(Limits.complaintTextMax + 1) }).success).toBe(
      false,
    );
  });

  it('accepts 9 evidence images and refuses a 10th', () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/${i}.jpg`).join(',');
    expect(ProblemSaveRequestSchema.safeParse({ ...complaint, problemImage: urls(9) }).success).toBe(true);
    expect(ProblemSaveRequestSchema.safeParse({ ...complaint, problemImage: urls(10) }).success).toBe(false);
  });

  it('takes a score of 1 to 5 stars only', () => {
    expect(SaveScoreRequestSchema.safeParse({ score: '0', problemId: '1' }).success).toBe(false);
    expect(SaveScoreRequestSchema.safeParse({ score: '5', problemId: '1' }).success).toBe(true);
    expect(SaveScoreRequestSchema.safeParse({ score: '6', problemId: '1' }).success).toBe(false);
  });

  it('needs a verification code of at least 6 characters', () => {
    const confirm = { orderId: '1', repaymentRecordId: 'r1' };
    expect(RepaymentConfirmRequestSchema.safeParse({ ...confirm, verifyCode: '12345' }).success).toBe(false);
    expect(RepaymentConfirmRequestSchema.safeParse({ ...confirm, verifyCode: '123456' }).success).toBe(true);
  });

  it('takes a registration phone as typed, with spaces, dashes or a country code; the market rule is applied with the market (decision 056)', () => {
    const register = { capcode: 'ab12', sid: 's', smsCode: '123456' };
    for (const phone of ['98765 43210', '+91 98765-43210', '0812 3456 7890', '+62 812 3456 7890']) {
      expect(RegisterRequestSchema.safeParse({ ...register, phone }).success, phone).toBe(true);
    }
    for (const phone of ['', 'abc', '0812 3456 7890 1234 5678 90', '98765;43210']) {
      expect(RegisterRequestSchema.safeParse({ ...register, phone }).success, phone).toBe(false);
    }
  });

  it('asks contact info with overall=30 only', () => {
    expect(ContactInfoRequestSchema.safeParse({ overall: '30' }).success).toBe(true);
    expect(ContactInfoRequestSchema.safeParse({ overall: '31' }).success).toBe(false);
  });
});

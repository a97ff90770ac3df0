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

  it('takes a registration phone of 11 digits: 1, then 3-9, then nine digits', () => {
    const register = { capcode: 'ab12', sid: 's', smsCode: '123456' };
    expect(RegisterRequestSchema.safeParse({ ...register, phone: '13812345678' }).success).toBe(true);
    expect(RegisterRequestSchema.safeParse({ ...register, phone: '12812345678' }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...register, phone: '1381234567' }).success).toBe(false);
  });

  it('asks contact info with overall=30 only', () => {
    expect(ContactInfoRequestSchema.safeParse({ overall: '30' }).success).toBe(true);
    expect(ContactInfoRequestSchema.safeParse({ overall: '31' }).success).toBe(false);
  });
});

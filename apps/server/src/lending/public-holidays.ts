/**
 * Each market's public holidays, 2026–2027 (issue 49, decision 221): the days that are not working
 * days for a complaint's deadline. Where they come from:
 * - India: the holidays the Government of India's Department of Personnel and Training declares for
 *   central government offices in Delhi/New Delhi (its yearly office memorandum on holidays) — the
 *   national ones, not a state's. Lenders in India also close on their state's holidays; the
 *   national list is the stricter reading for the borrower (fewer days off, so an earlier deadline).
 * - Indonesia: the national holidays of the joint decree of the three ministers (SKB 3 Menteri) on
 *   hari libur nasional; the joint leave days (cuti bersama) are not holidays and are left working.
 * Islamic holidays follow the sighting of the moon: a decree that moves one by a day is copied here
 * when it is published. After HOLIDAYS_KNOWN_UNTIL the table has no holidays (weekends still count):
 * add the next year from its decree and memorandum when they are published, each autumn.
 */
import { Market } from '@kilat/contract';
import type { BusinessDate } from './business-date.js';

export const PUBLIC_HOLIDAYS: Record<Market, Record<BusinessDate, string>> = {
  [Market.India]: {
    '2026-01-26': 'Republic Day',
    '2026-03-04': 'Holi',
    '2026-03-21': 'Id-ul-Fitr',
    '2026-03-26': 'Ram Navami',
    '2026-03-31': 'Mahavir Jayanti',
    '2026-04-03': 'Good Friday',
    '2026-05-01': 'Buddha Purnima',
    '2026-05-27': 'Id-ul-Zuha (Bakrid)',
    '2026-06-26': 'Muharram',
    '2026-08-15': 'Independence Day',
    '2026-08-26': 'Milad-un-Nabi',
    '2026-09-04': 'Janmashtami',
    '2026-10-02': "Mahatma Gandhi's Birthday",
    '2026-10-20': 'Dussehra',
    '2026-11-08': 'Diwali (Deepavali)',
    '2026-11-24': "Guru Nanak's Birthday",
    '2026-12-25': 'Christmas Day',
    '2027-01-26': 'Republic Day',
    '2027-03-10': 'Id-ul-Fitr',
    '2027-03-22': 'Holi',
    '2027-03-26': 'Good Friday',
    '2027-04-15': 'Ram Navami',
    '2027-04-19': 'Mahavir Jayanti',
    '2027-05-17': 'Id-ul-Zuha (Bakrid)',
    '2027-05-20': 'Buddha Purnima',
    '2027-06-16': 'Muharram',
    '2027-08-15': 'Independence Day',
    '2027-08-16': 'Milad-un-Nabi',
    '2027-08-25': 'Janmashtami',
    '2027-10-02': "Mahatma Gandhi's Birthday",
    '2027-10-09': 'Dussehra',
    '2027-10-29': 'Diwali (Deepavali)',
    '2027-11-14': "Guru Nanak's Birthday",
    '2027-12-25': 'Christmas Day',
  },
  [Market.Indonesia]: {
    '2026-01-01': 'Tahun Baru Masehi',
    '2026-01-16': 'Isra Mikraj Nabi Muhammad SAW',
    '2026-02-17': 'Tahun Baru Imlek',
    '2026-03-19': 'Hari Suci Nyepi',
    '2026-03-20': 'Idul Fitri',
    '2026-03-21': 'Idul Fitri',
    '2026-04-03': 'Wafat Yesus Kristus',
    '2026-04-05': 'Kebangkitan Yesus Kristus (Paskah)',
    '2026-05-01': 'Hari Buruh Internasional',
    '2026-05-14': 'Kenaikan Yesus Kristus',
    '2026-05-27': 'Idul Adha',
    '2026-05-31': 'Hari Raya Waisak',
    '2026-06-01': 'Hari Lahir Pancasila',
    '2026-06-16': 'Tahun Baru Islam',
    '2026-08-17': 'Hari Kemerdekaan Republik Indonesia',
    '2026-08-25': 'Maulid Nabi Muhammad SAW',
    '2026-12-25': 'Hari Raya Natal',
    '2027-01-01': 'Tahun Baru Masehi',
    '2027-01-05': 'Isra Mikraj Nabi Muhammad SAW',
    '2027-02-06': 'Tahun Baru Imlek',
    '2027-03-08': 'Hari Suci Nyepi',
    '2027-03-10': 'Idul Fitri',
    '2027-03-11': 'Idul Fitri',
    '2027-03-26': 'Wafat Yesus Kristus',
    '2027-03-28': 'Kebangkitan Yesus Kristus (Paskah)',
    '2027-05-01': 'Hari Buruh Internasional',
    '2027-05-06': 'Kenaikan Yesus Kristus',
    '2027-05-17': 'Idul Adha',
    '2027-05-20': 'Hari Raya Waisak',
    '2027-06-01': 'Hari Lahir Pancasila',
    '2027-06-06': 'Tahun Baru Islam',
    '2027-08-15': 'Maulid Nabi Muhammad SAW',
    '2027-08-17': 'Hari Kemerdekaan Republik Indonesia',
    '2027-12-25': 'Hari Raya Natal',
  },
};

/** The last day the table knows: deadlines past it count weekends only. */
export const HOLIDAYS_KNOWN_UNTIL: BusinessDate = '2027-12-31';

export const isPublicHoliday = (date: BusinessDate, market: Market): boolean => PUBLIC_HOLIDAYS[market][date] !== undefined;

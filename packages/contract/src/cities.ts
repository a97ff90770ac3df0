/**
 * The cities an application may name (issue 17), per market: India's and Indonesia's larger cities,
 * shipped with the app so that the city select searches without a call, and checked by the server.
 */
import type { Market } from './common-params.js';

export const Cities: Record<Market, readonly string[]> = {
  IN: [
    'Agra',
    'Ahmedabad',
    'Ajmer',
    'Aligarh',
    'Allahabad',
    'Amravati',
    'Amritsar',
    'Asansol',
    'Aurangabad',
    'Bareilly',
    'Belgaum',
    'Bengaluru',
    'Bhavnagar',
    'Bhilai',
    'Bhiwandi',
    'Bhopal',
    'Bhubaneswar',
    'Bikaner',
    'Chandigarh',
    'Chennai',
    'Coimbatore',
    'Cuttack',
    'Dehradun',
    'Delhi',
    'Dhanbad',
    'Durgapur',
    'Erode',
    'Faridabad',
    'Firozabad',
    'Ghaziabad',
    'Gorakhpur',
    'Gulbarga',
    'Guntur',
    'Gurugram',
    'Guwahati',
    'Gwalior',
    'Hubli-Dharwad',
    'Hyderabad',
    'Indore',
    'Jabalpur',
    'Jaipur',
    'Jalandhar',
    'Jammu',
    'Jamnagar',
    'Jamshedpur',
    'Jhansi',
    'Jodhpur',
    'Kanpur',
    'Kochi',
    'Kolhapur',
    'Kolkata',
    'Kota',
    'Kozhikode',
    'Lucknow',
    'Ludhiana',
    'Madurai',
    'Malegaon',
    'Mangaluru',
    'Meerut',
    'Moradabad',
    'Mumbai',
    'Mysuru',
    'Nagpur',
    'Nanded',
    'Nashik',
    'Navi Mumbai',
    'Noida',
    'Patna',
    'Puducherry',
    'Pune',
    'Raipur',
    'Rajkot',
    'Ranchi',
    'Saharanpur',
    'Salem',
    'Siliguri',
    'Solapur',
    'Srinagar',
    'Surat',
    'Thane',
    'Thiruvananthapuram',
    'Thrissur',
    'Tiruchirappalli',
    'Tirunelveli',
    'Tiruppur',
    'Udaipur',
    'Ujjain',
    'Vadodara',
    'Varanasi',
    'Vasai-Virar',
    'Vijayawada',
    'Visakhapatnam',
    'Warangal',
  ],
  ID: [
    'Ambon',
    'Balikpapan',
    'Banda Aceh',
    'Bandar Lampung',
    'Bandung',
    'Banjarmasin',
    'Batam',
    'Bekasi',
    'Bengkulu',
    'Binjai',
    'Bitung',
    'Blitar',
    'Bogor',
    'Bontang',
    'Cilegon',
    'Cimahi',
    'Cirebon',
    'Denpasar',
    'Depok',
    'Gorontalo',
    'Jakarta Barat',
    'Jakarta Pusat',
    'Jakarta Selatan',
    'Jakarta Timur',
    'Jakarta Utara',
    'Jambi',
    'Jayapura',
    'Kediri',
    'Kendari',
    'Kupang',
    'Lubuklinggau',
    'Madiun',
    'Magelang',
    'Makassar',
    'Malang',
    'Manado',
    'Mataram',
    'Medan',
    'Padang',
    'Palangka Raya',
    'Palembang',
    'Palu',
    'Pangkal Pinang',
    'Parepare',
    'Pekalongan',
    'Pekanbaru',
    'Pematangsiantar',
    'Pontianak',
    'Probolinggo',
    'Samarinda',
    'Semarang',
    'Serang',
    'Sorong',
    'Sukabumi',
    'Surabaya',
    'Surakarta',
    'Tangerang',
    'Tangerang Selatan',
    'Tanjung Pinang',
    'Tasikmalaya',
    'Tegal',
    'Ternate',
    'Yogyakarta',
  ],
};

/**
 * Other names a borrower types for a city (issue 30): the older or everyday names of a city the list
 * spells officially. Searching by one finds the city; the city kept is the list's name.
 */
export const CityAliases: Record<Market, Readonly<Record<string, readonly string[]>>> = {
  IN: {
    Allahabad: ['Prayagraj'],
    Belgaum: ['Belagavi'],
    Bengaluru: ['Bangalore'],
    Chennai: ['Madras'],
    Delhi: ['New Delhi'],
    Gulbarga: ['Kalaburagi'],
    Gurugram: ['Gurgaon'],
    'Hubli-Dharwad': ['Hubballi'],
    Kochi: ['Cochin'],
    Kolkata: ['Calcutta'],
    Mumbai: ['Bombay'],
    Mysuru: ['Mysore'],
    Pune: ['Poona'],
    Thiruvananthapuram: ['Trivandrum'],
    Vadodara: ['Baroda'],
    Varanasi: ['Benares', 'Banaras'],
    Visakhapatnam: ['Vizag'],
  },
  ID: {
    Surakarta: ['Solo'],
    Yogyakarta: ['Jogja', 'Jogjakarta', 'Yogya', 'Jogya'],
  },
};

/**
 * The choice for a city not in the list (issue 30): kept as this value, shown in the page's
 * language. A borrower from a smaller town can still apply.
 */
export const OTHER_CITY = 'Other';

const startsAWord = (name: string, prefix: string) =>
  name
    .toLowerCase()
    .split(/[\s-]+/)
    .concat(name.toLowerCase())
    .some((word) => word.startsWith(prefix));

/**
 * Cities whose name, a word of it, or one of its other names (`CityAliases`) starts with the typed
 * text, ignoring case; all of them for empty text. Each is named as the list spells it.
 */
export const citiesStartingWith = (market: Market, typed: string): string[] => {
  const prefix = typed.trim().toLowerCase();
  if (!prefix) return [...Cities[market]];
  return Cities[market].filter(
    (city) => startsAWord(city, prefix) || (CityAliases[market][city] ?? []).some((alias) => startsAWord(alias, prefix)),
  );
};

/** A city an application may name: one of the market's, or the 'other city' choice. */
export const isCityOf = (market: Market, city: string): boolean => city === OTHER_CITY || Cities[market].includes(city);

// A published E.164 number as a person reads it: the national format (libphonenumber-js) when it shares the place's
// country calling code, the international format otherwise (a foreign number dialled from the place's country).
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function displayPhone(e164: string, placeCountry: string | null): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  const region = placeCountry?.toUpperCase() ?? '';
  const national = isSupportedCountry(region) && getCountryCallingCode(region) === parsed.countryCallingCode;
  return national ? parsed.formatNational() : parsed.formatInternational();
}

declare module 'geoip-country' {
  interface TGeoHit {
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): TGeoHit | null };
  export default geoip;
}

/** What other features use of the bookings feature: the listing page's booking form and booked dates. */
export { BookedDates } from "./BookedDates.js"
export { BookingForm } from "./BookingForm.js"

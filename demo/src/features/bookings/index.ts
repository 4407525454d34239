/** What other features and the app use of the bookings feature: the listing page's booking form and booked dates, and what the routes read first. */
export { BookedDates } from "./BookedDates.js"
export { BookingForm } from "./BookingForm.js"
export { bookingQuery } from "./queries.js"

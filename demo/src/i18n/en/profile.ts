/** A member's public profile. */
export default {
  "profile.title": "Profile",
  "profile.loading": "Loading the profile…",
  "profile.unavailable": "Profile unavailable",
  "profile.joined": "Joined in {month}",
  "profile.ratings": "Ratings",
  "profile.listings": "Listings",
  "profile.nothingToRent": "{name} has nothing to rent at the moment.",
  "profile.thisMember": "This member"
}

/**
 * The `'demo'` seed: a small rental marketplace in France. Two owners rent out cars, bikes and
 * outdoor gear; two takers book them. Ids are fixed so tests and examples can refer to them;
 * dates are relative to the backend's start.
 */
import type { SeedData } from "../Seed.js"
import { defaultKeys } from "../Seed.js"
import { demoPhotos } from "./photos.js"

const id = (prefix: string, name: string): string => `${prefix}_${name}${"0".repeat(Math.max(0, 23 - prefix.length - name.length))}`

/** Users of the demo seed, with their passwords. */
const users = {
  alice: { id: id("usr", "DemoAlice"), username: "alice@example.com", password: "alice-password", displayName: "Alice" },
  bruno: { id: id("usr", "DemoBruno"), username: "bruno@example.com", password: "bruno-password", displayName: "Bruno" },
  chloe: { id: id("usr", "DemoChloe"), username: "chloe@example.com", password: "chloe-password", displayName: "Chloé" },
  david: { id: id("usr", "DemoDavid"), username: "david@example.com", password: "david-password", displayName: "David" }
} as const

/** Well-known objects of the demo seed. */
export const demo = {
  ...defaultKeys,
  /** Owners: Alice and Bruno; takers: Chloé and David. Bruno owns the organization. */
  users,
  organizations: { lyonRentals: id("org", "DemoLyonRentals") },
  assetTypes: { daily: id("typ", "DemoDaily"), sale: id("typ", "DemoSale") },
  categories: {
    vehicles: id("ctgy", "DemoVehicles"),
    cars: id("ctgy", "DemoCars"),
    bikes: id("ctgy", "DemoBikes"),
    outdoor: id("ctgy", "DemoOutdoor"),
    camping: id("ctgy", "DemoCamping"),
    waterSports: id("ctgy", "DemoWater")
  },
  assets: {
    tesla: id("ast", "DemoTesla"),
    zoe: id("ast", "DemoZoe"),
    deuxChevaux: id("ast", "Demo2CV"),
    eBike: id("ast", "DemoEBike"),
    roadBike: id("ast", "DemoRoadBike"),
    tent: id("ast", "DemoTent"),
    kayak: id("ast", "DemoKayak"),
    stove: id("ast", "DemoStove"),
    paddle: id("ast", "DemoPaddle")
  },
  transactions: {
    teslaBooking: id("trn", "DemoTesla"),
    eBikeDraft: id("trn", "DemoEBike"),
    tentRental: id("trn", "DemoTent")
  }
} as const

const DAY = 86_400_000

/** The demo seed data, dated relative to `now`. */
export const demoSeed = (now: Date): SeedData => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const day = (offset: number) => new Date(midnight + offset * DAY).toISOString()
  const created = (daysAgo: number, minute = 0) => {
    const date = day(-daysAgo + minute / 1440)
    return { createdDate: date, updatedDate: date }
  }
  const { alice, bruno, chloe, david } = users
  const { assets, categories, assetTypes } = demo
  // city centres (town halls), named so that a "Near" field can suggest the places listings use
  const paris = { latitude: 48.8566, longitude: 2.3522, city: "Paris" }
  const lyon = { latitude: 45.764, longitude: 4.8357, city: "Lyon" }
  const marseille = { latitude: 43.2965, longitude: 5.3698, city: "Marseille" }

  return {
    config: {
      stelace: {
        instant: { serviceName: "Stelace local demo", locale: "fr", currency: "EUR" },
        roles: { whitelist: ["user", "provider"], default: ["user", "provider"] },
        search: { maxDistance: null },
        tokenCheckRedirectUrl: null
      },
      custom: {},
      theme: { primaryColor: "#2d6cdf" }
    },
    assetTypes: [
      {
        id: assetTypes.daily,
        ...created(60),
        name: "Daily rental",
        timeBased: true,
        infiniteStock: false,
        pricing: { ownerFeesPercent: 5, takerFeesPercent: 10 },
        timing: { timeUnit: "d", minDuration: { d: 1 }, maxDuration: { d: 30 } },
        isDefault: true
      },
      {
        id: assetTypes.sale,
        ...created(60, 1),
        name: "Sale",
        timeBased: false,
        infiniteStock: false,
        pricing: { ownerFeesPercent: 10, takerFeesPercent: 0 }
      }
    ],
    categories: [
      { id: categories.vehicles, ...created(59), name: "Vehicles" },
      { id: categories.cars, ...created(59, 1), name: "Cars", parentId: categories.vehicles },
      { id: categories.bikes, ...created(59, 2), name: "Bikes", parentId: categories.vehicles },
      { id: categories.outdoor, ...created(59, 3), name: "Outdoor" },
      { id: categories.camping, ...created(59, 4), name: "Camping", parentId: categories.outdoor },
      { id: categories.waterSports, ...created(59, 5), name: "Water sports", parentId: categories.outdoor }
    ],
    customAttributes: [
      { ...created(58), name: "seats", type: "number" },
      { ...created(58, 1), name: "electric", type: "boolean" },
      { ...created(58, 2), name: "brand", type: "text" },
      { ...created(58, 3), name: "color", type: "select", listValues: ["white", "black", "red", "blue", "yellow", "green"] },
      { ...created(58, 4), name: "features", type: "tags", listValues: ["gps", "child-seat", "autopilot", "basket", "waterproof", "helmet"] }
    ],
    users: [
      { ...alice, ...created(50), firstname: "Alice", lastname: "Martin", email: alice.username, description: "Car lover in Paris." },
      { ...bruno, ...created(45), firstname: "Bruno", lastname: "Durand", email: bruno.username, description: "Outdoor gear in Lyon.", organizations: { [demo.organizations.lyonRentals]: { roles: ["user", "provider"] } } },
      { ...chloe, ...created(30), firstname: "Chloé", lastname: "Bernard", email: chloe.username, roles: ["user"] },
      { ...david, ...created(10), firstname: "David", lastname: "Petit", email: david.username, roles: ["user"] },
      {
        id: demo.organizations.lyonRentals,
        ...created(44),
        type: "organization",
        displayName: "Lyon Rentals",
        description: "Bruno's rental shop",
        orgOwnerId: bruno.id,
        roles: ["user", "provider"]
      }
    ],
    assets: [
      {
        id: assets.tesla,
        ...created(40),
        name: "Tesla Model 3",
        description: "Electric sedan, long range, perfect for weekend trips.",
        ownerId: alice.id,
        categoryId: categories.cars,
        assetTypeId: assetTypes.daily,
        locations: [paris],
        price: 90,
        currency: "EUR",
        customAttributes: { seats: 5, electric: true, brand: "Tesla", color: "white", features: ["gps", "autopilot"] }
      },
      {
        id: assets.zoe,
        ...created(39),
        name: "Renault Zoe",
        description: "Small electric city car.",
        ownerId: alice.id,
        categoryId: categories.cars,
        assetTypeId: assetTypes.daily,
        locations: [paris],
        price: 45,
        currency: "EUR",
        customAttributes: { seats: 4, electric: true, brand: "Renault", color: "blue", features: ["gps"] }
      },
      {
        id: assets.deuxChevaux,
        ...created(35),
        name: "Citroën 2CV",
        description: "Vintage convertible car, a classic for sunny days.",
        ownerId: bruno.id,
        categoryId: categories.cars,
        assetTypeId: assetTypes.daily,
        locations: [lyon],
        price: 70,
        currency: "EUR",
        customAttributes: { seats: 4, electric: false, brand: "Citroën", color: "yellow", features: [] }
      },
      {
        id: assets.eBike,
        ...created(30),
        name: "City e-bike",
        description: "Electric bike with a front basket.",
        ownerId: bruno.id,
        categoryId: categories.bikes,
        assetTypeId: assetTypes.daily,
        locations: [lyon],
        quantity: 3,
        price: 15,
        currency: "EUR",
        customAttributes: { electric: true, brand: "Moustache", color: "green", features: ["basket", "helmet"] }
      },
      {
        id: assets.roadBike,
        ...created(25),
        name: "Road bike",
        description: "Light carbon road bike, size M.",
        ownerId: alice.id,
        categoryId: categories.bikes,
        assetTypeId: assetTypes.daily,
        locations: [paris],
        price: 20,
        currency: "EUR",
        customAttributes: { electric: false, brand: "Lapierre", color: "red", features: ["helmet"] }
      },
      {
        id: assets.tent,
        ...created(20),
        name: "Four-person tent",
        description: "Waterproof family tent, easy to pitch.",
        ownerId: bruno.id,
        categoryId: categories.camping,
        assetTypeId: assetTypes.daily,
        locations: [lyon],
        quantity: 2,
        price: 12,
        currency: "EUR",
        customAttributes: { brand: "Quechua", color: "green", features: ["waterproof"] }
      },
      {
        id: assets.kayak,
        ...created(15),
        name: "Sea kayak",
        description: "Two-seat sea kayak with paddles and life jackets.",
        ownerId: alice.id,
        categoryId: categories.waterSports,
        assetTypeId: assetTypes.daily,
        locations: [marseille],
        price: 30,
        currency: "EUR",
        customAttributes: { seats: 2, brand: "Rotomod", color: "yellow", features: ["waterproof"] }
      },
      {
        id: assets.stove,
        ...created(12),
        name: "Camping stove",
        description: "Used gas camping stove, works fine.",
        ownerId: bruno.id,
        categoryId: categories.camping,
        assetTypeId: assetTypes.sale,
        locations: [lyon],
        price: 25,
        currency: "EUR",
        customAttributes: { brand: "Campingaz" }
      },
      {
        id: assets.paddle,
        ...created(8),
        name: "Stand-up paddle",
        description: "Inflatable paddle board, currently in repair.",
        ownerId: alice.id,
        categoryId: categories.waterSports,
        assetTypeId: assetTypes.daily,
        locations: [marseille],
        price: 18,
        currency: "EUR",
        active: false
      }
    ].map((asset) => {
      // each listing's photos, drawn for the demo (seeds/photos.ts), where apps keep them: metadata.images
      const key = Object.entries(assets).find(([, assetId]) => assetId === asset.id)?.[0]
      return { ...asset, metadata: { images: (demoPhotos[key ?? ""] ?? []).map((url) => ({ url })) } }
    }),
    transactions: [
      {
        id: demo.transactions.tentRental,
        ...created(6),
        assetId: assets.tent,
        takerId: chloe.id,
        startDate: day(-5),
        duration: { d: 2 },
        status: "completed"
      },
      {
        id: demo.transactions.teslaBooking,
        ...created(2),
        assetId: assets.tesla,
        takerId: chloe.id,
        startDate: day(7),
        duration: { d: 3 },
        status: "validated"
      },
      {
        id: demo.transactions.eBikeDraft,
        ...created(1),
        assetId: assets.eBike,
        takerId: david.id,
        startDate: day(3),
        endDate: day(4)
      }
    ],
    messages: [
      {
        ...created(2, 10),
        topicId: demo.transactions.teslaBooking,
        senderId: chloe.id,
        receiverId: alice.id,
        content: "Hello Alice, can I pick up the car at 9am?"
      },
      {
        ...created(2, 30),
        topicId: demo.transactions.teslaBooking,
        senderId: alice.id,
        receiverId: chloe.id,
        content: "Sure, see you at 9am in front of the station."
      }
    ],
    ratings: [
      {
        ...created(2, 40),
        score: 90,
        comment: "Great tent, Bruno was very helpful.",
        authorId: chloe.id,
        targetId: bruno.id,
        assetId: assets.tent,
        transactionId: demo.transactions.tentRental
      },
      {
        ...created(2, 50),
        score: 80,
        comment: "Chloé took good care of the tent.",
        authorId: bruno.id,
        targetId: chloe.id,
        assetId: assets.tent,
        transactionId: demo.transactions.tentRental
      }
    ],
    entries: [
      {
        ...created(55),
        collection: "website",
        locale: "en",
        name: "home",
        fields: { title: "Rent anything near you", subtitle: "Cars, bikes and outdoor gear from your neighbours" }
      },
      {
        ...created(55, 1),
        collection: "website",
        locale: "fr",
        name: "home",
        fields: { title: "Louez tout près de chez vous", subtitle: "Voitures, vélos et matériel de plein air" }
      }
    ]
  }
}

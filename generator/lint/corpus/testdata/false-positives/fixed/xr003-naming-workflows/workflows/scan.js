export const meta = { name: "scan", description: "Scan" }

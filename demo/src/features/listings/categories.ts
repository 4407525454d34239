/** Categories as listings show them: a category with its parents (`Vehicles › Cars`). */
import type { Category } from "stelace-effect"

/** The category and its parents' names, nearest first. */
export const lineage = (categoryId: string | null, categories: ReadonlyArray<Category>): Array<string> => {
  const names: Array<string> = []
  let current = categories.find((category) => category.id === categoryId)
  while (current !== undefined && names.length < 5) {
    names.push(current.name)
    current = categories.find((category) => category.id === current!.parentId)
  }
  return names
}

/** A category's name with its parent's, e.g. `Vehicles › Cars`. */
export const categoryLabel = (categoryId: string | null, categories: ReadonlyArray<Category>): string | undefined => {
  const names = lineage(categoryId, categories)
  return names.length === 0 ? undefined : names.reverse().join(" › ")
}

/** A category and every category under it. */
export const categoryWithDescendants = (categories: ReadonlyArray<{ readonly id: string; readonly parentId: string | null }>, id: string): Set<string> => {
  const found = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const category of categories) {
      if (category.parentId !== null && found.has(category.parentId) && !found.has(category.id)) {
        found.add(category.id)
        grew = true
      }
    }
  }
  return found
}

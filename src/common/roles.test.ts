import { describe, expect, it } from "vitest";
import { can, CAN, CAPABILITIES, isAdmin, isOffice, isStaff, ROLES, rolesThatCan } from "./roles.ts";
import { mayUseTwoStep } from "./two-step.ts";

describe("the role table", () => {
  it("keeps the school side, the equipment office and the administrators apart", () => {
    expect(ROLES.filter(isStaff)).toEqual(["staff", "admin"]);
    expect(ROLES.filter(isOffice)).toEqual(["equipment_manager", "admin"]);
    expect(ROLES.filter(isAdmin)).toEqual(["admin"]);
    expect(ROLES.filter(mayUseTwoStep)).toEqual(["staff", "admin"]);
  });

  it("lets everyone but students book equipment for a project they are not on", () => {
    expect(rolesThatCan("equipment.reserve-any")).toEqual(["staff", "equipment_manager", "admin"]);
  });

  it("holds only students to the equipment's access levels", () => {
    expect(rolesThatCan("equipment.any-level")).toEqual(["staff", "equipment_manager", "admin"]);
  });

  it("lets the school side run courses and their rosters", () => {
    expect(rolesThatCan("courses.manage")).toEqual(["staff", "admin"]);
  });

  it("gives admins every capability and students none", () => {
    for (const c of CAPABILITIES) expect(can("admin", c)).toBe(true);
    expect(CAN.student).toEqual([]);
  });
});

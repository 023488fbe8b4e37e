"""The left-handed table: every pile's place mirrored left to right (no Kivy).

`mirrored` turns a `TableGeometry` (as `geometry.table_geometry` lays out the game) into
its mirror image: each slot at ``width - x - card_w``, a waste fanned to the right now
fanned to the left, its touch zone mirrored with it. Rows and fans downward are unchanged;
so are the piles and rules. Hit tests, drop targets and positions are the geometry's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from runtime.app.geometry import Fan, Rect, TableGeometry


@dataclass(frozen=True, slots=True)
class MirroredGeometry(TableGeometry):
    def zone(self, pile: int) -> Rect:
        slot = self.slots[pile]
        if slot.fan is not Fan.RIGHT:
            return TableGeometry.zone(self, pile)
        # The zone of the same fan going right from here, turned round the slot.
        plain = TableGeometry(
            self.width,
            self.height,
            self.card_w,
            self.card_h,
            {pile: replace(slot, fan_step=-slot.fan_step)},
            self.min_target,
            self.pitch,
        )
        x, y, w, h = plain.zone(pile)
        return (2 * slot.x + self.card_w - x - w, y, w, h)


def mirrored(geo: TableGeometry) -> TableGeometry:
    slots = {
        pile: replace(
            slot,
            x=geo.width - slot.x - geo.card_w,
            fan_step=-slot.fan_step if slot.fan is Fan.RIGHT else slot.fan_step,
        )
        for pile, slot in geo.slots.items()
    }
    return MirroredGeometry(
        geo.width, geo.height, geo.card_w, geo.card_h, slots, geo.min_target, geo.pitch
    )

package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A named place for one part in a {@link CombinePlan} (body, head, torso, legs, feet, hands...),
 * holding the input currently in it, or none.
 *
 * @param name the slot's name: non-empty, unique within a plan
 * @param input the part in the slot, or {@code null} for an empty slot
 */
public record CombineSlot(String name, @Nullable CombineInput input) {
    /**
     * @param name the slot's name
     * @param input the part, or {@code null}
     * @throws ValidationException when the name is empty
     */
    public CombineSlot {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new ValidationException("combine slot: name is empty, expected a slot name");
        }
    }

    /**
     * @param name the slot's name
     * @param input the part
     * @return the slot
     */
    public static CombineSlot of(String name, CombineInput input) {
        return new CombineSlot(name, Objects.requireNonNull(input, "input"));
    }
}

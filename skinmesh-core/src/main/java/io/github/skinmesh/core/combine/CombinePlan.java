package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Mesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A combination prepared once for a set of named slots (body, head, torso, legs, feet, hands...),
 * so that replacing the part in one slot redoes only that part's preparation (transform bake,
 * bone remap, rigid-to-skinned conversion) and the final copy.
 *
 * <p>{@link #combine()} gives exactly what {@link Combine#combine(List, CombineOptions)} gives for
 * the inputs of the non-empty slots in slot order (equal character and report, field by field):
 * both run the same preparation and the same assembly, and a prepared part depends on its input
 * and the options alone. What depends on all the parts is redone by every {@code combine()}: the
 * union skeleton, the palette, the bind matrices kept per bone (a part is re-expressed again only
 * when the matrices it is reconciled against change; its last reconciliation is cached), the
 * streams, morph targets and submeshes of the result, the copy and the report.
 *
 * <p>The final copy itself is incremental when the swap keeps the result's layout (the same vertex
 * and index counts in every slot, the same palette, streams and morph targets, no welding) and the
 * plan it was derived from has been combined: the result's streams then start as copies of that
 * result's and only the swapped slot's ranges are rewritten (which gives the same arrays).
 * Otherwise every part is copied again.
 *
 * <p>Immutable and thread-safe: {@link #withPart} and {@link #withoutPart} return new plans that
 * share the prepared parts of the other slots; the result of {@link #combine()} is kept once
 * computed (with the streams it was built from, for a later patch; two threads combining one plan
 * at once may both compute it, and get equal results).
 *
 * <pre>{@code
 * CombinePlan plan = Combine.plan(List.of(
 *         CombineSlot.of("body", CombineInput.of(hero, hero.part("body"))),
 *         CombineSlot.of("head", CombineInput.of(hero, hero.part("head"))),
 *         CombineSlot.of("hat", CombineInput.of(hero, hero.part("hat")))), CombineOptions.DEFAULTS);
 * Character dressed = plan.combine().character();
 * Character other = plan.withPart("hat", CombineInput.of(shop, shop.part("cap"))).combine().character();
 * }</pre>
 */
public final class CombinePlan {
    private final String[] slotNames;
    private final @Nullable CombineInput[] inputs;
    private final @Nullable PreparedPart[] prepared;
    private final CombineOptions options;
    /** The plan this one was derived from by a swap, while its result may serve as the base of a patch. */
    private volatile @Nullable CombinePlan previous;
    private volatile Assembly.@Nullable Assembled assembled;

    private CombinePlan(String[] slotNames, @Nullable CombineInput[] inputs, @Nullable PreparedPart[] prepared,
            CombineOptions options, @Nullable CombinePlan previous) {
        this.slotNames = slotNames;
        this.inputs = inputs;
        this.prepared = prepared;
        this.options = options;
        this.previous = previous;
    }

    static CombinePlan create(List<CombineSlot> slots, CombineOptions options, Progress progress) {
        Objects.requireNonNull(slots, "slots");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        int count = slots.size();
        String[] names = new String[count];
        CombineInput[] inputs = new CombineInput[count];
        Map<String, Integer> seen = new HashMap<>();
        for (int s = 0; s < count; s++) {
            CombineSlot slot = Objects.requireNonNull(slots.get(s), "slots[" + s + "]");
            Integer previous = seen.put(slot.name(), s);
            if (previous != null) {
                throw new ValidationException("combine plan: slot " + s + " name " + Checks.quote(slot.name())
                        + " is also slot " + previous + "'s, expected unique slot names");
            }
            names[s] = slot.name();
            inputs[s] = slot.input();
        }
        checkLimits(inputs);
        PreparedPart[] prepared = new PreparedPart[count];
        int input = 0;
        for (int s = 0; s < count; s++) {
            progress.checkCancelled("combine");
            if (inputs[s] != null) {
                prepared[s] = prepare(inputs[s], input++, options);
            }
            progress.update("preparing parts", s + 1, count);
        }
        return new CombinePlan(names, inputs, prepared, options, null);
    }

    private static PreparedPart prepare(CombineInput input, int index, CombineOptions options) {
        String where = "combine: part " + Checks.quote(input.part().name()) + " (input " + index + ")";
        return PreparedPart.prepare(input, where, options.skeleton(), options.remap(), options.bindUnattachedTo());
    }

    /** The size limits over the non-empty slots, before anything is prepared. */
    private static void checkLimits(@Nullable CombineInput[] inputs) {
        List<Mesh> meshes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (CombineInput in : inputs) {
            if (in != null) {
                meshes.add(in.part().mesh());
                names.add(in.part().name());
            }
        }
        Limits.check(meshes, names);
    }

    /** @return the slots with their current inputs, in order, read-only */
    public List<CombineSlot> slots() {
        List<CombineSlot> out = new ArrayList<>(slotNames.length);
        for (int s = 0; s < slotNames.length; s++) {
            out.add(new CombineSlot(slotNames[s], inputs[s]));
        }
        return List.copyOf(out);
    }

    /** @return the options the plan was made with */
    public CombineOptions options() {
        return options;
    }

    /**
     * @param slot a slot name
     * @return the input in that slot, or {@code null} when it is empty
     * @throws ValidationException when the plan has no such slot
     */
    public @Nullable CombineInput input(String slot) {
        return inputs[slotIndex(slot)];
    }

    /**
     * Returns a plan with another part in one slot: only that part is prepared; the other slots'
     * prepared parts are shared.
     *
     * @param slot the slot's name
     * @param input the new part
     * @return the new plan
     * @throws ValidationException when the plan has no such slot, the new part cannot be prepared
     *     (as {@link Combine#combine(List, CombineOptions)} words it), or the result would exceed a
     *     size limit (checked before preparing)
     */
    public CombinePlan withPart(String slot, CombineInput input) {
        Objects.requireNonNull(input, "input");
        return replace(slotIndex(slot), input);
    }

    /**
     * Returns a plan with one slot emptied.
     *
     * @param slot the slot's name
     * @return the new plan
     * @throws ValidationException when the plan has no such slot
     */
    public CombinePlan withoutPart(String slot) {
        return replace(slotIndex(slot), null);
    }

    private CombinePlan replace(int s, @Nullable CombineInput input) {
        CombineInput[] in = inputs.clone();
        PreparedPart[] pp = prepared.clone();
        in[s] = input;
        pp[s] = null;
        if (input != null) {
            checkLimits(in);
            int index = 0;
            for (int i = 0; i < s; i++) {
                index += in[i] != null ? 1 : 0;
            }
            pp[s] = prepare(input, index, options);
        }
        return new CombinePlan(slotNames, in, pp, options, this);
    }

    private int slotIndex(String slot) {
        Objects.requireNonNull(slot, "slot");
        for (int s = 0; s < slotNames.length; s++) {
            if (slotNames[s].equals(slot)) {
                return s;
            }
        }
        throw new ValidationException("combine plan: no slot " + Checks.quote(slot) + ", expected one of "
                + Arrays.toString(slotNames));
    }

    /**
     * Combines the parts in the non-empty slots, in slot order; the result is kept, so calling again
     * costs nothing. Allocates the result's streams (copies of the previous plan's result, when the
     * swap that made this plan kept the layout and that result was computed).
     *
     * @return the combined character and the report
     * @throws ValidationException when every slot is empty, or as
     *     {@link Combine#combine(List, CombineOptions)} for what depends on all the parts (two
     *     parts disagreeing on a bone's parent, attributes of different widths, morph name clashes
     *     under {@link CombineOptions.MorphNameClash#REJECT})
     */
    public CombineResult combine() {
        return combine(Progress.NONE);
    }

    /**
     * As {@link #combine()}, reporting progress and checking for cancellation at each stage.
     *
     * @param progress progress listener and cancellation check
     * @return the combined character and the report
     * @throws io.github.skinmesh.core.CancelledException when cancelled; nothing is kept then
     * @throws ValidationException as {@link #combine()}
     */
    public CombineResult combine(Progress progress) {
        Objects.requireNonNull(progress, "progress");
        Assembly.Assembled a = assembled;
        if (a == null) {
            List<PreparedPart> parts = new ArrayList<>();
            for (PreparedPart p : prepared) {
                if (p != null) {
                    parts.add(p);
                }
            }
            if (parts.isEmpty()) {
                throw new ValidationException("combine: " + (slotNames.length == 0 ? "inputs is empty"
                        : "every slot of the plan is empty") + ", expected at least one part");
            }
            CombinePlan from = previous;
            a = Assembly.run(new Layout(List.copyOf(parts), options), from == null ? null : from.assembled, progress);
            assembled = a;
            previous = null; // the base of a patch is needed once
        }
        return a.result();
    }

    /** @return whether the last {@link #combine()} patched the result of the plan this one came from (for tests) */
    boolean patched() {
        Assembly.Assembled a = assembled;
        return a != null && a.patched();
    }

    @Override
    public String toString() {
        int filled = 0;
        for (CombineInput in : inputs) {
            filled += in != null ? 1 : 0;
        }
        return "CombinePlan[" + slotNames.length + " slots, " + filled + " filled]";
    }
}

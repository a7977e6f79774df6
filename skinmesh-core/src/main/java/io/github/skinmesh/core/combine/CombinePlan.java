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
    /** The layout of the non-empty slots' parts and its index ranges, once computed. */
    private volatile @Nullable Laid laid;

    /** A layout and its index ranges ({@link Assembly#ranges}). */
    record Laid(Layout layout, int[] ranges) {
    }

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
            Laid l = laid();
            CombinePlan from = previous;
            a = Assembly.run(l.layout(), l.ranges(), from == null ? null : from.assembled, progress);
            assembled = a;
            previous = null; // the base of a patch is needed once
        }
        return a.result();
    }

    /**
     * Combines the parts in the non-empty slots, in slot order, into reusable buffers instead of a
     * new mesh: after the call {@code buffers} hold exactly the streams, indices, submeshes and
     * palette of {@link #combine()}'s mesh (equal arrays over their used lengths; see
     * {@link CombineBuffers}), without allocating anything proportional to the vertex count when
     * the buffers are large enough.
     *
     * <p>When the buffers hold the combination of a plan this one was derived from (by
     * {@link #withPart} or {@link #withoutPart}, directly or through several swaps) and the swaps
     * kept the layout (the same vertex count per slot, the same material groups, palette, streams
     * and morph targets, no welding), only the ranges of the slots whose part changed are
     * rewritten; otherwise every part is copied. Either way the result is the same.
     *
     * <p>Allocates the plan's layout once (tables per part, bone and submesh) and, when the
     * buffers are too small for the result or a stream appears, larger arrays, which the buffers
     * then keep. With welding, the welded streams are new arrays as well. The plan stays
     * thread-safe; the buffers are written by the calling thread and must not be read or
     * written by another thread during the call.
     *
     * <pre>{@code
     * CombineBuffers gpu = new CombineBuffers();
     * plan.combineInto(gpu);                                  // every slot copied
     * plan = plan.withPart("hat", CombineInput.of(shop, cap));
     * plan.combineInto(gpu);                                  // only the hat's ranges rewritten
     * upload(gpu.positions(), 3 * gpu.vertexCount());
     * }</pre>
     *
     * @param buffers the buffers to write; their previous content is replaced
     * @return {@code buffers}
     * @throws ValidationException as {@link #combine()}; the buffers are unchanged then
     */
    public CombineBuffers combineInto(CombineBuffers buffers) {
        Objects.requireNonNull(buffers, "buffers");
        Laid l = laid();
        buffers.write(l.layout(), l.ranges());
        return buffers;
    }

    /** The layout of this plan's parts, computed once. */
    private Laid laid() {
        Laid l = laid;
        if (l == null) {
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
            Layout layout = new Layout(List.copyOf(parts), options);
            l = new Laid(layout, Assembly.ranges(layout));
            laid = l;
        }
        return l;
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

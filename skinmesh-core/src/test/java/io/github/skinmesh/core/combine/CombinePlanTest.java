package io.github.skinmesh.core.combine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * {@link CombinePlan}: after every slot swap of a seeded sequence (new parts, emptied slots,
 * parts that rebind a shared bone, bring new bones or new streams), the plan's result equals a
 * full {@link Combine#combine} of the same parts, as objects and field by field.
 */
class CombinePlanTest {
    private static final String[] SLOTS = {"body", "head", "torso", "legs", "feet", "hands"};

    @Property(tries = 40, seed = "1701")
    void incrementalRecombineEqualsTheFullCombineAfterEverySwap(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton base = CombineFixtures.randomSkeleton(r, 3 + r.nextInt(10), false);
        Character source = Character.builder("hero", base).build();
        List<AnimationClip> clips = List.of(CombineFixtures.randomClip(r, base, false, List.of()));
        source = source.withClips(clips);
        CombineOptions options = randomOptions(r, source);
        List<CombineSlot> slots = new ArrayList<>();
        for (String slot : SLOTS) {
            slots.add(r.nextInt(5) == 0 ? new CombineSlot(slot, null) : CombineSlot.of(slot, randomInput(r, base, slot)));
        }
        if (slots.stream().allMatch(s -> s.input() == null)) {
            slots.set(0, CombineSlot.of(SLOTS[0], randomInput(r, base, SLOTS[0])));
        }
        CombinePlan plan = Combine.plan(slots, options);
        assertSameAsFullCombine(plan, options);
        CombineBuffers buffers = new CombineBuffers();
        assertBuffersHold(plan.combineInto(buffers), plan.combine().mesh());
        for (int swap = 0; swap < 8; swap++) {
            String slot = SLOTS[r.nextInt(SLOTS.length)];
            CombineInput current = plan.input(slot);
            int choice = r.nextInt(6);
            if (choice == 0 && plan.slots().stream().filter(s -> s.input() != null).count() > 1) {
                plan = plan.withoutPart(slot);
            } else if (choice <= 2 && current != null) {
                // another outfit of the same layout: the final copy can patch the previous result
                plan.combine();
                plan = plan.withPart(slot, variant(r, current));
                Statistics.label("swap").collect("same layout");
            } else {
                plan = plan.withPart(slot, randomInput(r, base, slot));
                Statistics.label("swap").collect("other part");
            }
            assertThat(plan.input(slot)).isEqualTo(plan.slots().stream().filter(s -> s.name().equals(slot))
                    .findFirst().orElseThrow().input());
            assertSameAsFullCombine(plan, options);
            Statistics.label("patched").collect(plan.patched());
            // one set of buffers across the sequence: rewritten in place, patched or laid out again
            assertBuffersHold(plan.combineInto(buffers), plan.combine().mesh());
            Statistics.label("buffer parts rewritten").collect(buffers.lastRewritten());
        }
    }

    @Test
    void aSameLayoutSwapPatchesThePreviousResult() {
        SplittableRandom r = new SplittableRandom(9);
        Skeleton base = CombineFixtures.randomSkeleton(r, 6, false);
        List<CombineSlot> slots = new ArrayList<>();
        for (String slot : SLOTS) {
            slots.add(CombineSlot.of(slot, randomInput(r, base, slot)));
        }
        CombinePlan plan = Combine.plan(slots, CombineOptions.DEFAULTS);
        plan.combine();
        assertThat(plan.patched()).isFalse();
        CombinePlan swapped = plan.withPart("legs", variant(r, plan.input("legs")));
        assertSameAsFullCombine(swapped, CombineOptions.DEFAULTS);
        assertThat(swapped.patched()).isTrue();
        // a swap from a plan that was never combined copies everything
        CombinePlan twice = swapped.withPart("head", variant(r, swapped.input("head")))
                .withPart("feet", variant(r, swapped.input("feet")));
        assertSameAsFullCombine(twice, CombineOptions.DEFAULTS);
        assertThat(twice.patched()).isFalse();
    }

    @Test
    void buffersRewriteOnlyTheSwappedSlotsWhenTheLayoutIsKept() {
        SplittableRandom r = new SplittableRandom(11);
        Skeleton base = CombineFixtures.randomSkeleton(r, 6, false);
        List<CombineSlot> slots = new ArrayList<>();
        for (String slot : SLOTS) {
            slots.add(CombineSlot.of(slot, randomInput(r, base, slot)));
        }
        CombinePlan plan = Combine.plan(slots, CombineOptions.DEFAULTS);
        CombineBuffers buffers = new CombineBuffers();
        assertThat(buffers.isEmpty()).isTrue();
        assertThat(buffers.vertexCount()).isZero();
        assertThatThrownBy(buffers::positions).isInstanceOf(IllegalStateException.class)
                .hasMessage("combine buffers: empty, expected a combination written into them first");
        plan.combineInto(buffers);
        assertThat(buffers.lastRewritten()).isEqualTo(SLOTS.length);
        float[] positions = buffers.positions();
        // two swaps from a plan the buffers hold: two slots rewritten, the arrays reused
        CombinePlan swapped = plan.withPart("legs", variant(r, plan.input("legs")))
                .withPart("head", variant(r, plan.input("head")));
        swapped.combineInto(buffers);
        assertThat(buffers.lastRewritten()).isEqualTo(2);
        assertThat(buffers.positions()).isSameAs(positions);
        assertBuffersHold(buffers, swapped.combine().mesh());
        swapped.combineInto(buffers);
        assertThat(buffers.lastRewritten()).isZero();
        // a part of another layout: every part copied again, same bytes as the mesh
        CombinePlan other = swapped.withPart("feet", randomInput(r, base, "feet"));
        other.combineInto(buffers);
        assertThat(buffers.lastRewritten()).isEqualTo(SLOTS.length);
        assertBuffersHold(buffers, other.combine().mesh());
        // back to a smaller result: the longer arrays are kept, their used lengths equal the mesh
        CombinePlan smaller = other.withoutPart("body");
        smaller.combineInto(buffers);
        assertBuffersHold(buffers, smaller.combine().mesh());
        // cleared buffers copy every part
        buffers.clear();
        assertThat(buffers.isEmpty()).isTrue();
        smaller.combineInto(buffers);
        assertThat(buffers.lastRewritten()).isEqualTo(SLOTS.length - 1);
        assertBuffersHold(buffers, smaller.combine().mesh());
        // from scratch, as Combine.combine
        List<CombineInput> inputs = smaller.slots().stream().map(CombineSlot::input)
                .filter(java.util.Objects::nonNull).toList();
        assertBuffersHold(Combine.combineInto(inputs, CombineOptions.DEFAULTS, buffers),
                Combine.combine(inputs, CombineOptions.DEFAULTS).mesh());
    }

    /** The buffers' used lengths hold exactly the mesh's arrays, and their mesh equals it. */
    /**
     * Parts whose inputs name one skeleton object (the union's shortcut) combine to exactly what
     * the same parts give when each input names its own equal copy of it (the general union),
     * into a new mesh and into buffers.
     */
    @Property(tries = 30, seed = "4242")
    void oneSkeletonObjectCombinesAsEqualCopiesDo(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton base = CombineFixtures.randomSkeleton(r, 3 + r.nextInt(10), false);
        int count = 1 + r.nextInt(5);
        List<CombineInput> shared = new ArrayList<>();
        List<CombineInput> copies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Part part = CombineFixtures.randomPart(r, "part" + i, base);
            shared.add(CombineInput.of(base, part));
            copies.add(CombineInput.of(copy(base), part));
        }
        CombineResult one = Combine.combine(shared, CombineOptions.DEFAULTS);
        CombineResult many = Combine.combine(copies, CombineOptions.DEFAULTS);
        assertThat(one).isEqualTo(many);
        assertBuffersHold(Combine.combineInto(shared, CombineOptions.DEFAULTS, new CombineBuffers()), many.mesh());
    }

    private static Skeleton copy(Skeleton s) {
        int n = s.boneCount();
        String[] names = new String[n];
        for (int b = 0; b < n; b++) {
            names[b] = s.boneName(b);
        }
        return Skeleton.of(s.name(), names, s.parentsInto(new int[n], 0), s.restTranslationsInto(new float[3 * n], 0),
                s.restRotationsInto(new float[4 * n], 0), s.restScalesInto(new float[3 * n], 0));
    }

    static void assertBuffersHold(CombineBuffers buffers, Mesh mesh) {
        int n = mesh.vertexCount();
        assertThat(buffers.vertexCount()).isEqualTo(n);
        assertThat(buffers.indexCount()).isEqualTo(mesh.indexCount());
        assertThat(java.util.Arrays.copyOf(buffers.positions(), 3 * n)).containsExactly(mesh.positions());
        assertThat(prefix(buffers.normals(), 3 * n)).isEqualTo(mesh.normals());
        assertThat(prefix(buffers.tangents(), 4 * n)).isEqualTo(mesh.tangents());
        assertThat(prefix(buffers.colors(), 4 * n)).isEqualTo(mesh.colors());
        assertThat(buffers.uvChannelCount()).isEqualTo(mesh.uvChannelCount());
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            assertThat(prefix(buffers.uvs(c), 2 * n)).containsExactly(mesh.uvs(c));
        }
        assertThat(buffers.attributeCount()).isEqualTo(mesh.attributes().size());
        for (int a = 0; a < buffers.attributeCount(); a++) {
            var own = mesh.attributes().get(a);
            assertThat(buffers.attributeName(a)).isEqualTo(own.name());
            assertThat(prefix(buffers.attributeValues(a), own.componentCount() * n)).containsExactly(own.values());
        }
        int k = mesh.skin().weights().influencesPerVertex();
        assertThat(buffers.influencesPerVertex()).isEqualTo(k);
        assertThat(java.util.Arrays.copyOf(buffers.joints(), k * n)).containsExactly(mesh.skin().weights().joints());
        assertThat(prefix(buffers.weights(), k * n)).containsExactly(mesh.skin().weights().weights());
        assertThat(java.util.Arrays.copyOf(buffers.indices(), mesh.indexCount())).containsExactly(mesh.indices());
        assertThat(buffers.submeshCount()).isEqualTo(mesh.submeshes().size());
        for (int s = 0; s < buffers.submeshCount(); s++) {
            assertThat(buffers.submeshFirstIndex(s)).isEqualTo(mesh.submeshes().get(s).firstIndex());
            assertThat(buffers.submeshIndexCount(s)).isEqualTo(mesh.submeshes().get(s).indexCount());
            assertThat(buffers.submeshMaterial(s)).isEqualTo(mesh.materials().get(mesh.submeshes().get(s).materialIndex()));
        }
        assertThat(buffers.paletteSize()).isEqualTo(mesh.skin().paletteSize());
        for (int e = 0; e < buffers.paletteSize(); e++) {
            assertThat(buffers.paletteBone(e)).isEqualTo(mesh.skin().boneName(e));
            assertThat(buffers.inverseBindMatrix(e, new org.joml.Matrix4f()))
                    .isEqualTo(mesh.skin().inverseBindMatrix(e, new org.joml.Matrix4f()));
        }
        assertThat(buffers.morphTargetCount()).isEqualTo(mesh.morphTargets().size());
        for (int t = 0; t < buffers.morphTargetCount(); t++) {
            MorphTarget target = mesh.morphTargets().get(t);
            assertThat(buffers.morphTargetName(t)).isEqualTo(target.name());
            assertThat(buffers.morphTargetDefaultWeight(t)).isEqualTo(mesh.morphWeights()[t]);
            assertThat(prefix(buffers.morphPositions(t), 3 * n)).isEqualTo(target.positions());
            assertThat(prefix(buffers.morphNormals(t), 3 * n)).isEqualTo(target.normals());
            assertThat(prefix(buffers.morphTangents(t), 3 * n)).isEqualTo(target.tangents());
        }
        assertThat(buffers.toMesh()).isEqualTo(mesh);
    }

    private static float[] prefix(float[] a, int length) {
        return a == null ? null : java.util.Arrays.copyOf(a, length);
    }

    /** The input's part with other positions, normals, UVs and weights on the same bones: the same layout. */
    private static CombineInput variant(SplittableRandom r, CombineInput input) {
        Mesh m = input.part().mesh();
        Mesh.Builder b = m.toBuilder().positions(CombineFixtures.floats(r, 3 * m.vertexCount(), 1));
        if (m.hasNormals()) {
            b.normals(CombineFixtures.units(r, m.vertexCount(), 3));
        }
        if (m.uvChannelCount() > 0) {
            b.clearUvs();
            for (int c = 0; c < m.uvChannelCount(); c++) {
                b.addUvs(CombineFixtures.floats(r, 2 * m.vertexCount(), 1));
            }
        }
        return CombineInput.of(input.skeleton(), input.part().withMesh(b.build()));
    }

    @Test
    void aSwapKeepsTheOtherSlotsPreparedPartsAndTheResultIsComputedOnce() {
        SplittableRandom r = new SplittableRandom(3);
        Skeleton base = CombineFixtures.randomSkeleton(r, 6, false);
        CombinePlan plan = Combine.plan(List.of(CombineSlot.of("a", randomInput(r, base, "a")),
                CombineSlot.of("b", randomInput(r, base, "b"))), CombineOptions.DEFAULTS);
        assertThat(plan.combine()).isSameAs(plan.combine());
        CombinePlan swapped = plan.withPart("b", randomInput(r, base, "b2"));
        assertThat(swapped.slots().get(0)).isEqualTo(plan.slots().get(0));
        assertThat(swapped.combine()).isNotEqualTo(plan.combine());
        assertThat(plan.withoutPart("b").combine().report().partsBefore()).isEqualTo(1);
    }

    @Test
    void slotErrorsNameTheSlot() {
        SplittableRandom r = new SplittableRandom(4);
        Skeleton base = CombineFixtures.randomSkeleton(r, 4, false);
        CombineInput input = randomInput(r, base, "a");
        assertThatThrownBy(() -> Combine.plan(List.of(CombineSlot.of("a", input), CombineSlot.of("a", input)),
                CombineOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("combine plan: slot 1 name 'a' is also slot 0's, expected unique slot names");
        CombinePlan plan = Combine.plan(List.of(CombineSlot.of("a", input)), CombineOptions.DEFAULTS);
        assertThatThrownBy(() -> plan.withPart("hat", input)).isInstanceOf(ValidationException.class)
                .hasMessage("combine plan: no slot 'hat', expected one of [a]");
        assertThatThrownBy(() -> plan.withoutPart("a").combine()).isInstanceOf(ValidationException.class)
                .hasMessage("combine: every slot of the plan is empty, expected at least one part");
        assertThatThrownBy(() -> new CombineSlot("", input)).isInstanceOf(ValidationException.class)
                .hasMessage("combine slot: name is empty, expected a slot name");
    }

    private static CombineOptions randomOptions(SplittableRandom r, Character source) {
        CombineOptions o = CombineOptions.DEFAULTS.withClipSource(source);
        if (r.nextBoolean()) {
            o = o.withPalette(CombineOptions.PaletteBones.ALL);
        }
        if (r.nextBoolean()) {
            o = o.withMorphNameClash(CombineOptions.MorphNameClash.RENAME);
        }
        if (r.nextInt(3) == 0) {
            o = o.withWelding(CombineOptions.Welding.SEAMS_AVERAGE_NORMALS).withWeldDistance(0.5f).withWeldTolerance(1f);
        }
        if (r.nextInt(3) == 0) {
            o = o.withSkeleton(source.skeleton());
        }
        return o;
    }

    /** A random part on a shuffled or cut-down copy of the skeleton, sometimes rebinding a bone. */
    private static CombineInput randomInput(SplittableRandom r, Skeleton base, String name) {
        Part part = CombineFixtures.randomPart(r, name, base);
        if (part.isSkinned() && r.nextInt(4) == 0) {
            part = CombineFixtures.rebound(r, part, part.mesh().skin().boneName(0));
        }
        Skeleton own = CombineFixtures.shuffled(r, base, "copy-" + name);
        return CombineInput.of(own, part);
    }

    private static void assertSameAsFullCombine(CombinePlan plan, CombineOptions options) {
        List<CombineInput> inputs = new ArrayList<>();
        for (CombineSlot s : plan.slots()) {
            if (s.input() != null) {
                inputs.add(s.input());
            }
        }
        CombineResult incremental = plan.combine();
        CombineResult full = Combine.combine(inputs, options);
        assertThat(incremental).isEqualTo(full);
        // field by field, so that an equals that forgets a field cannot hide a difference
        Mesh a = incremental.mesh();
        Mesh b = full.mesh();
        assertThat(a.positions()).containsExactly(b.positions());
        assertThat(a.normals()).isEqualTo(b.normals());
        assertThat(a.tangents()).isEqualTo(b.tangents());
        assertThat(a.colors()).isEqualTo(b.colors());
        assertThat(a.uvChannelCount()).isEqualTo(b.uvChannelCount());
        for (int c = 0; c < a.uvChannelCount(); c++) {
            assertThat(a.uvs(c)).containsExactly(b.uvs(c));
        }
        assertThat(a.indices()).containsExactly(b.indices());
        assertThat(a.submeshes()).isEqualTo(b.submeshes());
        assertThat(a.materials()).isEqualTo(b.materials());
        assertThat(a.skin().boneNames()).containsExactly(b.skin().boneNames());
        float[] ibmA = a.skin().inverseBindMatricesInto(new float[16 * a.skin().paletteSize()], 0);
        float[] ibmB = b.skin().inverseBindMatricesInto(new float[16 * b.skin().paletteSize()], 0);
        assertThat(ibmA).containsExactly(ibmB);
        assertThat(a.skin().weights().joints()).containsExactly(b.skin().weights().joints());
        assertThat(a.skin().weights().weights()).containsExactly(b.skin().weights().weights());
        assertThat(a.morphTargets()).extracting(MorphTarget::name)
                .containsExactlyElementsOf(b.morphTargets().stream().map(MorphTarget::name).toList());
        for (int t = 0; t < a.morphTargets().size(); t++) {
            assertThat(a.morphTargets().get(t).positions()).isEqualTo(b.morphTargets().get(t).positions());
        }
        assertThat(a.morphWeights()).containsExactly(b.morphWeights());
        assertThat(incremental.character().skeleton()).isEqualTo(full.character().skeleton());
        assertThat(incremental.character().clips()).isEqualTo(full.character().clips());
        CombineReport x = incremental.report();
        CombineReport y = full.report();
        assertThat(x.verticesAfter()).isEqualTo(y.verticesAfter());
        assertThat(x.trianglesAfter()).isEqualTo(y.trianglesAfter());
        assertThat(x.bonesBefore()).isEqualTo(y.bonesBefore());
        assertThat(x.drawCallsAfter()).isEqualTo(y.drawCallsAfter());
        assertThat(x.droppedBones()).isEqualTo(y.droppedBones());
        assertThat(x.corrections()).isEqualTo(y.corrections());
        assertThat(x.warnings()).isEqualTo(y.warnings());
        assertThat(x.weldedVertices()).isEqualTo(y.weldedVertices());
        assertThat(x.provenance().vertexRuns()).isEqualTo(y.provenance().vertexRuns());
        assertThat(x.provenance().indexRanges()).isEqualTo(y.provenance().indexRanges());
        assertThat(x).isEqualTo(y);
    }
}

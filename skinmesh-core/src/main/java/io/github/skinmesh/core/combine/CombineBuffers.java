package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.VertexStreams;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Objects;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Reusable output of a combination, for engines that recombine outfits at run time without
 * garbage: {@link CombinePlan#combineInto} and {@link Combine#combineInto} write the combined
 * mesh's streams, indices, submeshes and palette here instead of building a new {@link Mesh}, and
 * a plan that differs from the one the buffers hold by swapped slots of unchanged layout rewrites
 * only those slots' vertex and index ranges.
 *
 * <p>The content is exactly that of the mesh {@link CombinePlan#combine()} gives for the same
 * plan: the first {@code 3*vertexCount()} floats of {@link #positions()} equal the mesh's
 * positions, and so on for every stream, with the same submeshes, materials, palette and morph
 * targets ({@link #toMesh()} builds that mesh). Array lengths, with {@code n = vertexCount()},
 * {@code K = influencesPerVertex()}: positions and morph deltas {@code >= 3*n}, normals
 * {@code >= 3*n}, tangents and colors {@code >= 4*n}, each UV channel {@code >= 2*n}, attribute
 * {@code a} {@code >= attributeComponentCount(a)*n}, joints and weights {@code >= K*n}, indices
 * {@code >= indexCount()}. Arrays may be longer than that (the buffers keep the capacity of
 * their largest combination); what lies beyond is unspecified.
 *
 * <p>The array accessors return the buffers' own arrays, not copies: that is the point of the
 * type. They stay valid, and are reused, until a combination needs a longer array or a stream
 * the buffers lack (then a new one replaces it), so read them again after each combination.
 * Writing into them is allowed but makes the content differ from the plan's result, and the next
 * combination into these buffers then rewrites only the changed slots' ranges, leaving the
 * writes elsewhere; call {@link #clear()} first in that case.
 *
 * <p>Not thread-safe: one thread writes or reads the buffers at a time. Nothing here allocates
 * except {@link #toMesh()} and {@link #inverseBindMatrix} into a caller's matrix (which does
 * not).
 */
public final class CombineBuffers {
    private final VertexStreams streams = new VertexStreams();
    private @Nullable Layout layout;
    private int @Nullable [] ranges;
    private int lastRewritten = -1;

    /** Creates empty buffers; the first combination allocates arrays of exactly its size. */
    public CombineBuffers() {
    }

    /** Writes a layout's combination, patching the held one when {@link Patch#applies}. */
    void write(Layout next, int[] nextRanges) {
        Layout prev = layout;
        if (prev == next) {
            lastRewritten = 0;
            return;
        }
        if (prev != null && Patch.applies(prev, ranges, next, nextRanges)) {
            lastRewritten = Patch.rewrite(prev, next, nextRanges, streams);
        } else {
            layout = null; // a failure below leaves nothing to patch
            streams.resize(next.streams, true, next.vertexCount, (int) next.indexCount);
            Assembly.copyAll(next, nextRanges, streams);
            if (next.options.welding() != CombineOptions.Welding.NONE) {
                Welding.run(next, streams);
            }
            lastRewritten = next.parts.size();
        }
        layout = next;
        ranges = nextRanges;
    }

    /** @return the parts the last combination rewrote: all of them after a full copy, 0 when nothing changed (for tests) */
    int lastRewritten() {
        return lastRewritten;
    }

    private Layout layout() {
        Layout l = layout;
        if (l == null) {
            throw new IllegalStateException("combine buffers: empty, expected a combination written into them first");
        }
        return l;
    }

    /**
     * Forgets the held combination, so that the next combination into these buffers copies every
     * part (the arrays are kept for reuse). Use it after writing into the arrays.
     */
    public void clear() {
        layout = null;
        ranges = null;
        lastRewritten = -1;
    }

    /** @return whether the buffers hold a combination */
    public boolean isEmpty() {
        return layout == null;
    }

    /** @return the vertices of the held combination ({@code 0} when empty) */
    public int vertexCount() {
        return layout == null ? 0 : streams.vertexCount;
    }

    /** @return the indices of the held combination, three per triangle ({@code 0} when empty) */
    public int indexCount() {
        return layout == null ? 0 : streams.indexCount;
    }

    /**
     * @return the positions, x, y, z per vertex; length {@code >= 3*vertexCount()}; the buffers'
     *     own array
     * @throws IllegalStateException when the buffers are empty
     */
    public float[] positions() {
        layout();
        return streams.positions;
    }

    /**
     * @return the unit normals, 3 per vertex (length {@code >= 3*vertexCount()}), or {@code null}
     *     when the result has none; the buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] normals() {
        layout();
        return streams.normals;
    }

    /**
     * @return the tangents, x, y, z, w per vertex (length {@code >= 4*vertexCount()}), or
     *     {@code null} when the result has none; the buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] tangents() {
        layout();
        return streams.tangents;
    }

    /**
     * @return the linear RGBA colors, 4 per vertex (length {@code >= 4*vertexCount()}), or
     *     {@code null} when the result has none; the buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] colors() {
        layout();
        return streams.colors;
    }

    /**
     * @return the UV channels of the result
     * @throws IllegalStateException when the buffers are empty
     */
    public int uvChannelCount() {
        layout();
        return streams.uvs.length;
    }

    /**
     * @param channel a channel, {@code 0..uvChannelCount()-1}
     * @return its u, v per vertex; length {@code >= 2*vertexCount()}; the buffers' own array
     * @throws IndexOutOfBoundsException when the channel is out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float[] uvs(int channel) {
        layout();
        return streams.uvs[Objects.checkIndex(channel, streams.uvs.length)];
    }

    /**
     * @return the extra vertex attributes of the result
     * @throws IllegalStateException when the buffers are empty
     */
    public int attributeCount() {
        return layout().streams.attributeNames.size();
    }

    /**
     * @param attribute an attribute, {@code 0..attributeCount()-1}
     * @return its name
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public String attributeName(int attribute) {
        return layout().streams.attributeNames.get(attribute);
    }

    /**
     * @param attribute an attribute, {@code 0..attributeCount()-1}
     * @return its components per vertex
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public int attributeComponentCount(int attribute) {
        return layout().streams.attributeComponents.get(attribute);
    }

    /**
     * @param attribute an attribute, {@code 0..attributeCount()-1}
     * @return its values, {@code attributeComponentCount(attribute)} per vertex; the buffers' own array
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float[] attributeValues(int attribute) {
        layout();
        return streams.attributes[Objects.checkIndex(attribute, streams.attributes.length)];
    }

    /**
     * @return influence slots per vertex, {@code K}, 1 to 8
     * @throws IllegalStateException when the buffers are empty
     */
    public int influencesPerVertex() {
        layout();
        return streams.influences;
    }

    /**
     * @return the palette entry of each slot, {@code K} per vertex (length {@code >= K*vertexCount()});
     *     the buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public int[] joints() {
        layout();
        return streams.joints;
    }

    /**
     * @return the weight of each slot, {@code K} per vertex (length {@code >= K*vertexCount()});
     *     the buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public float[] weights() {
        layout();
        return streams.weights;
    }

    /**
     * @return the triangle indices (length {@code >= indexCount()}), submesh after submesh; the
     *     buffers' own array
     * @throws IllegalStateException when the buffers are empty
     */
    public int[] indices() {
        layout();
        return streams.indices;
    }

    /**
     * @return the submeshes (draw calls) of the result
     * @throws IllegalStateException when the buffers are empty
     */
    public int submeshCount() {
        return layout().groups.size();
    }

    /**
     * @param submesh a submesh, {@code 0..submeshCount()-1}
     * @return its first index in {@link #indices()}
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public int submeshFirstIndex(int submesh) {
        Layout l = layout();
        Objects.checkIndex(submesh, l.groups.size());
        long first = 0;
        for (int g = 0; g < submesh; g++) {
            first += l.groups.indexCounts.get(g);
        }
        return (int) first;
    }

    /**
     * @param submesh a submesh, {@code 0..submeshCount()-1}
     * @return its number of indices
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public int submeshIndexCount(int submesh) {
        return (int) (long) layout().groups.indexCounts.get(submesh);
    }

    /**
     * @param submesh a submesh, {@code 0..submeshCount()-1}
     * @return its material (immutable)
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public Material submeshMaterial(int submesh) {
        return layout().groups.materials.get(submesh);
    }

    /**
     * @return the skeleton of the result (immutable), whose bones the palette names
     * @throws IllegalStateException when the buffers are empty
     */
    public Skeleton skeleton() {
        return layout().skeleton;
    }

    /**
     * @return the bones of the palette, which {@link #joints()} index
     * @throws IllegalStateException when the buffers are empty
     */
    public int paletteSize() {
        return layout().paletteNames.length;
    }

    /**
     * @param entry a palette entry, {@code 0..paletteSize()-1}
     * @return its bone's name in {@link #skeleton()}
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public String paletteBone(int entry) {
        Layout l = layout();
        return l.paletteNames[Objects.checkIndex(entry, l.paletteNames.length)];
    }

    /**
     * @param entry a palette entry, {@code 0..paletteSize()-1}
     * @param dest receives the entry's inverse bind matrix
     * @return {@code dest}
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public Matrix4f inverseBindMatrix(int entry, Matrix4f dest) {
        Layout l = layout();
        Objects.checkIndex(entry, l.paletteNames.length);
        return dest.set(l.paletteIbm, 16 * entry);
    }

    /**
     * @return the morph targets of the result
     * @throws IllegalStateException when the buffers are empty
     */
    public int morphTargetCount() {
        return layout().streams.morphTargetCount();
    }

    /**
     * @param target a target, {@code 0..morphTargetCount()-1}
     * @return its name
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public String morphTargetName(int target) {
        return layout().streams.morphNames.get(target);
    }

    /**
     * @param target a target, {@code 0..morphTargetCount()-1}
     * @return its default weight
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float morphTargetDefaultWeight(int target) {
        return layout().streams.morphDefaultWeights.get(target);
    }

    /**
     * @param target a target, {@code 0..morphTargetCount()-1}
     * @return its position deltas, 3 per vertex (length {@code >= 3*vertexCount()}), or
     *     {@code null} when it has none; the buffers' own array
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] morphPositions(int target) {
        layout();
        return streams.morphPositions[Objects.checkIndex(target, streams.morphPositions.length)];
    }

    /**
     * @param target a target, {@code 0..morphTargetCount()-1}
     * @return its normal deltas, 3 per vertex, or {@code null}; the buffers' own array
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] morphNormals(int target) {
        layout();
        return streams.morphNormals[Objects.checkIndex(target, streams.morphNormals.length)];
    }

    /**
     * @param target a target, {@code 0..morphTargetCount()-1}
     * @return its tangent deltas, 3 per vertex, or {@code null}; the buffers' own array
     * @throws IndexOutOfBoundsException when out of range
     * @throws IllegalStateException when the buffers are empty
     */
    public float @Nullable [] morphTangents(int target) {
        layout();
        return streams.morphTangents[Objects.checkIndex(target, streams.morphTangents.length)];
    }

    /**
     * Builds the held combination as an immutable mesh: equal to the mesh of
     * {@link CombinePlan#combine()} for the plan written last. Allocates copies of the used
     * lengths of every array.
     *
     * @return the mesh
     * @throws IllegalStateException when the buffers are empty
     */
    public Mesh toMesh() {
        Layout l = layout();
        return Assembly.build(l, streams.copy(), false);
    }

    @Override
    public String toString() {
        Layout l = layout;
        return l == null ? "CombineBuffers[empty]" : "CombineBuffers[" + Checks.quote(l.name) + ", "
                + streams.vertexCount + " vertices, " + streams.indexCount + " indices, " + l.groups.size()
                + " submeshes]";
    }
}

package io.github.skinmesh.core.model;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.SlotSummary;
import org.jspecify.annotations.Nullable;

/** Implements {@link ModelAccess.Bridge}; installed when this class is initialized. */
final class ModelBridge implements ModelAccess.Bridge {
    static {
        ModelAccess.install(new ModelBridge());
    }

    private ModelBridge() {
    }

    @Override
    public float[] positions(Mesh m) {
        return m.rawPositions();
    }

    @Override
    public float @Nullable [] normals(Mesh m) {
        return m.rawNormals();
    }

    @Override
    public float @Nullable [] tangents(Mesh m) {
        return m.rawTangents();
    }

    @Override
    public float @Nullable [] colors(Mesh m) {
        return m.rawColors();
    }

    @Override
    public float[] uvs(Mesh m, int channel) {
        return m.rawUvs(channel);
    }

    @Override
    public int[] indices(Mesh m) {
        return m.rawIndices();
    }

    @Override
    public int[] joints(BoneWeights w) {
        return w.rawJoints();
    }

    @Override
    public float[] weights(BoneWeights w) {
        return w.rawWeights();
    }

    @Override
    public SlotSummary slotSummary(BoneWeights w) {
        return w.summary();
    }

    @Override
    public float[] inverseBindMatrices(Skin s) {
        return s.rawInverseBindMatrices();
    }

    @Override
    public String[] paletteNames(Skin s) {
        return s.rawBoneNames();
    }

    @Override
    public int[] parents(Skeleton s) {
        return s.rawParents();
    }

    @Override
    public float[] restTranslations(Skeleton s) {
        return s.rawTranslations();
    }

    @Override
    public float[] restRotations(Skeleton s) {
        return s.rawRotations();
    }

    @Override
    public float[] restScales(Skeleton s) {
        return s.rawScales();
    }

    @Override
    public float[] times(BoneChannel c) {
        return c.rawTimes();
    }

    @Override
    public float[] values(BoneChannel c) {
        return c.rawValues();
    }

    @Override
    public float[] times(MorphChannel c) {
        return c.rawTimes();
    }

    @Override
    public float[] values(MorphChannel c) {
        return c.rawValues();
    }

    @Override
    public float @Nullable [] positions(MorphTarget t) {
        return t.rawPositions();
    }

    @Override
    public float @Nullable [] normals(MorphTarget t) {
        return t.rawNormals();
    }

    @Override
    public float @Nullable [] tangents(MorphTarget t) {
        return t.rawTangents();
    }

    @Override
    public byte[] data(Image i) {
        return i.rawData();
    }

    @Override
    public Mesh.Builder adoptingMeshBuilder(String name) {
        return Mesh.adoptingBuilder(name);
    }

    @Override
    public BoneWeights adoptWeights(int k, int[] joints, float[] weights) {
        return BoneWeights.adopt(k, joints, weights);
    }

    @Override
    public Skin adoptSkin(String[] names, float[] ibm, BoneWeights weights) {
        return Skin.adopt(names, ibm, weights);
    }

    @Override
    public Skeleton adoptSkeleton(String name, String[] boneNames, int[] parents, float[] t, float[] r, float[] s) {
        return Skeleton.adopt(name, boneNames, parents, t, r, s);
    }

    @Override
    public BoneChannel adoptChannel(String bone, ChannelPath path, Interpolation i, float[] times, float[] values) {
        return BoneChannel.adopt(bone, path, i, times, values);
    }

    @Override
    public MorphChannel adoptMorphChannel(String target, int count, Interpolation i, float[] times, float[] values) {
        return MorphChannel.adopt(target, count, i, times, values);
    }

    @Override
    public MorphTarget adoptMorphTarget(String name, float @Nullable [] p, float @Nullable [] n, float @Nullable [] t) {
        return MorphTarget.adopt(name, p, n, t);
    }

    @Override
    public Image adoptImage(String name, String mime, byte[] data) {
        return Image.adopt(name, mime, data);
    }

    @Override
    public float[] values(VertexAttribute a) {
        return a.rawValues();
    }

    @Override
    public int[] paletteEntries(Draw d) {
        return d.rawPaletteEntries();
    }

    @Override
    public BoneWeights adoptSlots(int k, int[] joints, float[] weights) {
        return BoneWeights.adoptSlots(k, joints, weights);
    }

    @Override
    public VertexAttribute adoptAttribute(String name, int componentCount, float[] values) {
        return VertexAttribute.adopt(name, componentCount, values);
    }

    @Override
    public Draw adoptDraw(int firstIndex, int indexCount, int[] entries) {
        return Draw.adopt(firstIndex, indexCount, entries);
    }

    @Override
    public Mesh.Builder trustedMeshBuilder(String name) {
        return Mesh.trustedBuilder(name);
    }

    @Override
    public void presetBounds(Mesh.Builder builder, Bounds bounds) {
        builder.presetBounds(bounds);
    }

    @Override
    public BoneWeights trustedWeights(int k, int[] joints, float[] weights, boolean canonical) {
        return BoneWeights.trusted(k, joints, weights, canonical);
    }

    @Override
    public Skin trustedSkin(String[] names, float[] ibm, BoneWeights weights) {
        return Skin.trusted(names, ibm, weights);
    }

    @Override
    public MorphTarget trustedMorphTarget(String name, float @Nullable [] p, float @Nullable [] n,
            float @Nullable [] t) {
        return MorphTarget.trusted(name, p, n, t);
    }

    @Override
    public VertexAttribute trustedAttribute(String name, int componentCount, float[] values) {
        return VertexAttribute.trusted(name, componentCount, values);
    }
}

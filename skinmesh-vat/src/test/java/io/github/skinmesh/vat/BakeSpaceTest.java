package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bakes relative to a reference per part ({@link BakeSpace#ofParts}), checked against a reference
 * computed here in double precision from the poser's character-space output: positions
 * {@code inverse(model(bone) * M) * p}, normals by its inverse transpose, tangents by its 3x3 with
 * the handedness of its determinant.
 */
class BakeSpaceTest {
    /** Rotated, scaled unevenly and moved; the second mirrors (negative x scale). */
    private static final Matrix4f TURNED = new Matrix4f().translate(0.3f, -1.2f, 0.5f).rotateXYZ(0.4f, -1.1f, 0.7f)
            .scale(1.5f, 0.8f, 1.2f);
    private static final Matrix4f MIRRORED = new Matrix4f().translate(-0.2f, 0.1f, 2f).rotateY(2.2f)
            .scale(-1.3f, 1f, 0.9f);

    /** Per part: an animated bone, no bone, a bone again; two matrices alternating. */
    private static BakeSpace spaceOf(Character c) {
        int n = c.parts().size();
        int[] bones = new int[n];
        float[] matrices = new float[16 * n];
        for (int p = 0; p < n; p++) {
            bones[p] = p % 3 == 1 ? Index.NONE : (p * 5 + 1) % c.skeleton().boneCount();
            (p % 2 == 0 ? TURNED : MIRRORED).get(matrices, 16 * p);
        }
        return BakeSpace.ofParts(bones, matrices);
    }

    /** {@code model(bone) * M} of reference {@code r} at the poser's last pose, in double. */
    private static Matrix4d reference(BakeSpace space, int r, float[] model) {
        Matrix4d m = new Matrix4d().set(space.matrixInto(r, new float[16], 0));
        if (space.bone(r) == Index.NONE) {
            return m;
        }
        float[] b = new float[16];
        System.arraycopy(model, 16 * space.bone(r), b, 0, 16);
        return new Matrix4d().set(b).mul(m);
    }

    @Test
    void vertexTexturesHoldEachPartRelativeToItsReference() {
        Character c = VatModels.humanoid().character();
        BakeSpace space = spaceOf(c);
        List<AnimationClip> clips = c.clips();
        VatResult r = Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT)
                .withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS).withSpace(space), Progress.NONE);
        VatDecoder d = r.decoder();
        float[] model = new float[16 * c.skeleton().boneCount()];
        float[] got = new float[4];
        double maxPosition = 0;
        double maxNormal = 0;
        double maxTangent = 0;
        double largest = 0;
        for (int ci = 0; ci < clips.size(); ci++) {
            VatClip entry = r.clips().get(ci);
            CharacterPoser poser = CharacterPoser.bind(c, clips.get(ci),
                    PoserOptions.BAKE.withStreams(PoserOptions.Streams.POSITIONS_NORMALS_TANGENTS));
            PosedVertices out = poser.newOutput();
            for (int f = 0; f < entry.frames(); f++) {
                float t = f == entry.frames() - 1 ? entry.duration() : Math.min(f / entry.fps(), entry.duration());
                poser.poseInto(t, out);
                poser.modelMatricesInto(model, 0);
                int vertex = 0;
                for (int p = 0; p < out.partCount(); p++) {
                    Matrix4d ref = reference(space, p, model);
                    Matrix4d inverse = new Matrix4d(ref).invert();
                    boolean mirror = inverse.determinant3x3() < 0;
                    float[] pos = out.positions(p);
                    float[] nor = out.normals(p);
                    float[] tan = out.tangents(p);
                    for (int v = 0; v < out.vertexCount(p); v++, vertex++) {
                        Vector3d e = inverse.transformPosition(new Vector3d(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]));
                        d.positionInto(ci, f, vertex, null, got, 0);
                        maxPosition = Math.max(maxPosition, e.distance(got[0], got[1], got[2]));
                        largest = Math.max(largest, e.length());
                        // the inverse's inverse transpose is the reference's transpose
                        Vector3d n = new Matrix4d(ref).transpose().transformDirection(new Vector3d(nor[3 * v],
                                nor[3 * v + 1], nor[3 * v + 2])).normalize();
                        d.normalInto(ci, f, vertex, got, 0);
                        maxNormal = Math.max(maxNormal, n.angle(new Vector3d(got[0], got[1], got[2])));
                        Vector3d tg = inverse.transformDirection(new Vector3d(tan[4 * v], tan[4 * v + 1],
                                tan[4 * v + 2])).normalize();
                        d.tangentInto(ci, f, vertex, got, 0);
                        maxTangent = Math.max(maxTangent, tg.angle(new Vector3d(got[0], got[1], got[2])));
                        assertThat(got[3]).as("clip %d frame %d vertex %d: handedness", ci, f, vertex)
                                .isEqualTo(mirror ? -tan[4 * v + 3] : tan[4 * v + 3]);
                    }
                }
            }
        }
        assertThat(largest).as("positions were moved far from the character's space").isGreaterThan(1);
        assertThat(maxPosition).as("decoded vs reference").isLessThan(1e-5 * largest)
                .isLessThanOrEqualTo(r.maxError() + 1e-6 * largest);
        assertThat(Math.toDegrees(maxNormal)).isLessThan(1e-3);
        assertThat(Math.toDegrees(maxTangent)).isLessThan(1e-3);
        for (VatClip clip : r.clips()) {
            assertThat(clip.bounds().diagonal()).isPositive();
        }
    }

    @Test
    void aReferenceScaledTo1eMinus20KeepsNormalsAndTangents() {
        // its float inverse overflows (determinant 1e-60); the inverse itself (1e20) fits a float, and so does
        // every position, but the inverse's cofactors (1e40) do not
        Character c = VatModels.combinedHumanoid();
        Matrix4f tiny = new Matrix4f().rotateXYZ(0.3f, 1.1f, -0.4f).scale(1e-20f, 1e-20f, -1e-20f);
        BakeSpace space = BakeSpace.ofParts(new int[] {Index.NONE}, tiny.get(new float[16]));
        List<AnimationClip> clips = List.of(c.clips().get(0));
        VatResult r = Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT)
                .withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS).withSpace(space), Progress.NONE);
        VatDecoder d = r.decoder();
        Matrix4d ref = new Matrix4d().set(tiny.get(new float[16]));
        Matrix4d inverse = new Matrix4d(ref).invert();
        CharacterPoser poser = CharacterPoser.bind(c, clips.get(0),
                PoserOptions.BAKE.withStreams(PoserOptions.Streams.POSITIONS_NORMALS_TANGENTS));
        PosedVertices out = poser.newOutput();
        float[] got = new float[4];
        double maxPosition = 0;
        double maxNormal = 0;
        double maxTangent = 0;
        VatClip entry = r.clips().get(0);
        for (int f = 0; f < entry.frames(); f += Math.max(1, entry.frames() / 4)) {
            poser.poseInto(Math.min(f / entry.fps(), entry.duration()), out);
            float[] pos = out.positions(0);
            float[] nor = out.normals(0);
            float[] tan = out.tangents(0);
            for (int v = 0; v < out.vertexCount(0); v++) {
                Vector3d e = inverse.transformPosition(new Vector3d(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]));
                d.positionInto(0, f, v, null, got, 0);
                maxPosition = Math.max(maxPosition, e.distance(got[0], got[1], got[2]) / e.length());
                Vector3d n = new Matrix4d(ref).transpose().transformDirection(new Vector3d(nor[3 * v], nor[3 * v + 1],
                        nor[3 * v + 2])).normalize();
                d.normalInto(0, f, v, got, 0);
                assertThat(got).as("frame %d vertex %d: normal", f, v).doesNotContain(Float.NaN);
                maxNormal = Math.max(maxNormal, n.angle(new Vector3d(got[0], got[1], got[2])));
                Vector3d t = inverse.transformDirection(new Vector3d(tan[4 * v], tan[4 * v + 1], tan[4 * v + 2]))
                        .normalize();
                d.tangentInto(0, f, v, got, 0);
                maxTangent = Math.max(maxTangent, t.angle(new Vector3d(got[0], got[1], got[2])));
                assertThat(got[3]).as("frame %d vertex %d: handedness (the reference mirrors)", f, v)
                        .isEqualTo(-tan[4 * v + 3]);
            }
        }
        assertThat(maxPosition).as("relative position error").isLessThan(1e-5);
        assertThat(Math.toDegrees(maxNormal)).isLessThan(1e-3);
        assertThat(Math.toDegrees(maxTangent)).isLessThan(1e-3);
        assertThat(r.normalMaxErrorDegrees()).isLessThan(1e-3);
    }

    @Test
    void theCharacterSpaceIsTheDefaultAndChangesNothing() {
        Character c = VatModels.combinedHumanoid();
        VatResult plain = Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS, Progress.NONE);
        VatResult character = Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withSpace(BakeSpace.CHARACTER),
                Progress.NONE);
        assertThat(VatOptions.DEFAULTS.space()).isEqualTo(BakeSpace.CHARACTER);
        assertThat(BoneTextureOptions.DEFAULTS.space()).isEqualTo(BakeSpace.CHARACTER);
        assertThat(character.texture("positions").bytes()).isEqualTo(plain.texture("positions").bytes());
        // the identity reference gives the same texels as no reference
        BakeSpace identity = BakeSpace.ofParts(new int[] {Index.NONE}, new Matrix4f().get(new float[16]));
        VatResult same = Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withSpace(identity), Progress.NONE);
        assertThat(same.texture("positions").bytes()).isEqualTo(plain.texture("positions").bytes());
    }

    @Test
    void aBoneTexturePremultipliesEveryPaletteMatrixByTheInverseReference() {
        Character c = VatModels.combinedHumanoid();
        int bone = 3;
        float[] m = TURNED.get(new float[16]);
        BakeSpace space = BakeSpace.ofParts(new int[] {bone}, m);
        List<AnimationClip> clips = c.clips();
        VatResult r = Vat.bakeBoneTexture(c, clips, BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT)
                .withSpace(space), Progress.NONE);
        VatDecoder d = r.decoder();
        int palette = r.elementCount();
        float[] rows = new float[12 * palette];
        float[] model = new float[16 * c.skeleton().boneCount()];
        float[] skin = new float[16 * palette];
        Mesh mesh = r.parts().get(0).mesh();
        float[] bind = mesh.positions();
        int k = mesh.skin().weights().influencesPerVertex();
        int[] joints = mesh.skin().weights().joints();
        float[] weights = mesh.skin().weights().weights();
        float[] p = new float[3];
        double maxMatrix = 0;
        double maxPosition = 0;
        for (int ci = 0; ci < clips.size(); ci++) {
            VatClip entry = r.clips().get(ci);
            CharacterPoser poser = CharacterPoser.bind(c, clips.get(ci));
            PosedVertices out = poser.newOutput();
            for (int f = 0; f < entry.frames(); f++) {
                float t = f == entry.frames() - 1 ? entry.duration() : Math.min(f / entry.fps(), entry.duration());
                poser.poseInto(t, out);
                poser.modelMatricesInto(model, 0);
                poser.skinMatricesInto(0, skin, 0);
                Matrix4d inverse = reference(space, 0, model).invert();
                d.paletteInto(ci, f, rows);
                for (int b = 0; b < palette; b++) {
                    float[] s = new float[16];
                    System.arraycopy(skin, 16 * b, s, 0, 16);
                    Matrix4d expected = new Matrix4d(inverse).mul(new Matrix4d().set(s));
                    for (int row = 0; row < 3; row++) {
                        for (int col = 0; col < 4; col++) {
                            maxMatrix = Math.max(maxMatrix, Math.abs(rows[12 * b + 4 * row + col]
                                    - expected.get(col, row)));
                        }
                    }
                }
                float[] exact = out.positions(0);
                for (int v = 0; v < mesh.vertexCount(); v++) {
                    d.skinInto(ci, f, bind[3 * v], bind[3 * v + 1], bind[3 * v + 2], joints, weights, k * v, k, p, 0);
                    Vector3d e = inverse.transformPosition(new Vector3d(exact[3 * v], exact[3 * v + 1],
                            exact[3 * v + 2]));
                    maxPosition = Math.max(maxPosition, e.distance(p[0], p[1], p[2]));
                    io.github.skinmesh.core.model.Bounds b = r.clips().get(ci).bounds();
                    assertThat(e.x >= b.minX() - 1e-4 && e.x <= b.maxX() + 1e-4 && e.y >= b.minY() - 1e-4
                            && e.y <= b.maxY() + 1e-4 && e.z >= b.minZ() - 1e-4 && e.z <= b.maxZ() + 1e-4)
                            .as("clip %d frame %d vertex %d inside the clip's bounds", ci, f, v).isTrue();
                }
            }
        }
        assertThat(maxMatrix).isLessThan(1e-5);
        assertThat(maxPosition).isLessThan(1e-4).isLessThanOrEqualTo(r.maxError() + 1e-5);
        assertThat(r.maxError()).isLessThan(1e-4);
    }

    @Test
    void aSpaceCopiesItsArraysAndGivesThemBack() {
        int[] bones = {Index.NONE, 4};
        float[] matrices = new float[32];
        TURNED.get(matrices, 0);
        MIRRORED.get(matrices, 16);
        BakeSpace space = BakeSpace.ofParts(bones, matrices);
        bones[1] = 7;
        matrices[12] = 99;
        assertThat(space.isCharacter()).isFalse();
        assertThat(space.partCount()).isEqualTo(2);
        assertThat(space.bone(0)).isEqualTo(Index.NONE);
        assertThat(space.bone(1)).isEqualTo(4);
        assertThat(space.matrixInto(0, new float[17], 1)).containsExactly(concat(new float[1], TURNED.get(new float[16])));
        assertThat(space.matrixInto(1, new float[16], 0)).containsExactly(MIRRORED.get(new float[16]));
        assertThat(space).isEqualTo(BakeSpace.ofParts(new int[] {Index.NONE, 4}, concat(TURNED.get(new float[16]),
                MIRRORED.get(new float[16])))).isNotEqualTo(BakeSpace.CHARACTER);
        assertThat(BakeSpace.CHARACTER.isCharacter()).isTrue();
        assertThat(BakeSpace.CHARACTER.partCount()).isZero();
        assertThatThrownBy(() -> BakeSpace.CHARACTER.bone(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> space.matrixInto(2, new float[16], 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void badSpacesAreRefusedNamingTheElement() {
        float[] identity = new Matrix4f().get(new float[16]);
        assertThatThrownBy(() -> BakeSpace.ofParts(new int[0], new float[0])).isInstanceOf(ValidationException.class)
                .hasMessage("BakeSpace.ofParts: no part, expected at least one reference");
        assertThatThrownBy(() -> BakeSpace.ofParts(new int[] {0, 0}, identity)).isInstanceOf(ValidationException.class)
                .hasMessage("BakeSpace.ofParts: matrices has 16 floats, expected 16 * 2 = 32 (one matrix per part)");
        assertThatThrownBy(() -> BakeSpace.ofParts(new int[] {-2}, identity)).isInstanceOf(ValidationException.class)
                .hasMessage("BakeSpace.ofParts: part 0: bone -2, expected a bone index >= 0 or Index.NONE (-1)");
        float[] nan = identity.clone();
        nan[13] = Float.NaN;
        assertThatThrownBy(() -> BakeSpace.ofParts(new int[] {0}, nan)).isInstanceOf(ValidationException.class)
                .hasMessage("BakeSpace.ofParts: part 0: matrix element 13 is NaN, expected a finite number");
        float[] projective = identity.clone();
        projective[3] = 0.5f;
        assertThatThrownBy(() -> BakeSpace.ofParts(new int[] {0}, projective)).isInstanceOf(ValidationException.class)
                .hasMessage("BakeSpace.ofParts: part 0: matrix row 3 is (0.5, 0.0, 0.0, 1.0), expected (0, 0, 0, 1) "
                        + "(an affine matrix)");

        Character c = VatModels.humanoid().character();
        List<AnimationClip> clips = List.of(c.clips().get(0));
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(new int[] {Index.NONE, Index.NONE}, concat(identity, identity))), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessage("bakeVertexTextures: the space has 2 references "
                        + "for " + c.parts().size() + " parts, expected one per part (or one for all)");
        int bones = c.skeleton().boneCount();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(new int[] {bones}, identity)), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessage("bakeVertexTextures: the space of every part "
                        + "starts from bone " + bones + ", expected one of the skeleton's " + bones + " bones or "
                        + "Index.NONE");
        float[] flat = new Matrix4f().scale(1, 0, 1).get(new float[16]);
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(new int[] {Index.NONE}, flat)), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessageStartingWith("bakeVertexTextures: the space of "
                        + "every part, matrix [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0,"
                        + " 1.0], is singular (determinant 0)");

        Character combined = VatModels.combinedHumanoid();
        Part part = combined.parts().get(0);
        Character twoParts = Character.of("two", combined.skeleton(), List.of(part, Part.of("copy", part.mesh())),
                combined.clips());
        float[] moved = new Matrix4f().translate(0, 1, 0).get(new float[16]);
        assertThatThrownBy(() -> Vat.bakeBoneTexture(twoParts, List.of(combined.clips().get(0)),
                BoneTextureOptions.DEFAULTS.withSpace(BakeSpace.ofParts(new int[] {Index.NONE, Index.NONE},
                        concat(identity, moved))), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessage("bakeBoneTexture: part 'copy' has another space "
                        + "than part " + "'" + part.name() + "' (another reference bone or matrix); one bone texture "
                        + "has one space, so bake in the character's space or combine the parts first");
    }

    private static float[] concat(float[] a, float[] b) {
        float[] c = new float[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}

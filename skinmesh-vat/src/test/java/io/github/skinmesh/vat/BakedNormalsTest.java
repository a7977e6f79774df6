package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.vat.keys.KeyStreams;
import io.github.skinmesh.vat.keys.KeyframeDecoder;
import io.github.skinmesh.vat.keys.KeyframeOptions;
import io.github.skinmesh.vat.keys.KeyframeResult;
import io.github.skinmesh.vat.keys.Keyframes;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Baked normals stay perpendicular to the posed surface when a bone scales unevenly: a flat
 * triangle whose vertex normals are its face normal, skinned with weight 1 to one bone whose scale
 * goes from (2.5, 1, 0.5) to (0.5, 1, 2.5) through a rotation. A linear map turns normals by its
 * inverse transpose, so every decoded normal must equal the face normal of the decoded triangle;
 * the matrix itself (what the skinning default applies) misses it by up to 64 degrees here.
 */
class BakedNormalsTest {
    private static final float[] TRIANGLE = {0, 0, 0, 1, 0, 0.5f, 0, 1, 1};

    private static Vector3f faceNormal(float[] p) {
        Vector3f a = new Vector3f(p[3] - p[0], p[4] - p[1], p[5] - p[2]);
        Vector3f b = new Vector3f(p[6] - p[0], p[7] - p[1], p[8] - p[2]);
        return a.cross(b).normalize();
    }

    private static Character stretched() {
        Quaternionf q = new Quaternionf().rotateXYZ(0.3f, 0.5f, -0.2f);
        Skeleton sk = Skeleton.of("s", new String[] {"bone"}, new int[] {Skeleton.NO_PARENT}, new float[] {0.1f, 0, 0},
                new float[] {q.x, q.y, q.z, q.w}, new float[] {2.5f, 1, 0.5f});
        Vector3f n = faceNormal(TRIANGLE);
        float[] normals = {n.x, n.y, n.z, n.x, n.y, n.z, n.x, n.y, n.z};
        float[] identity = new Matrix4f().get(new float[16]);
        Mesh mesh = Mesh.builder("tri").positions(TRIANGLE.clone()).normals(normals).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"bone"}, identity,
                        BoneWeights.of(1, new int[] {0, 0, 0}, new float[] {1, 1, 1})))
                .build();
        Quaternionf r = new Quaternionf(q).rotateY(1.2f);
        AnimationClip stretch = AnimationClip.of("stretch", List.of(
                BoneChannel.of("bone", ChannelPath.SCALE, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {2.5f, 1, 0.5f, 0.5f, 1, 2.5f}),
                BoneChannel.of("bone", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {q.x, q.y, q.z, q.w, r.x, r.y, r.z, r.w})));
        return Character.of("stretched", sk, List.of(Part.of("tri", mesh)), List.of(stretch));
    }

    @Test
    void vertexTextureNormalsAreTheDecodedTrianglesFaceNormal() {
        Character c = stretched();
        VatResult r = Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT)
                .withStreams(VatStreams.POSITIONS_NORMALS).withFps(4), Progress.NONE);
        VatDecoder d = r.decoder();
        assertThat(r.clips().get(0).frames()).isEqualTo(5);
        for (int f = 0; f < 5; f++) {
            float[] p = new float[9];
            for (int v = 0; v < 3; v++) {
                d.positionInto(0, f, v, null, p, 3 * v);
            }
            Vector3f face = faceNormal(p);
            for (int v = 0; v < 3; v++) {
                float[] n = d.normalInto(0, f, v, new float[3], 0);
                assertThat(new Vector3f(n[0], n[1], n[2]).dot(face)).as("frame %d vertex %d", f, v)
                        .isCloseTo(1f, within(1e-5f));
            }
        }
    }

    @Test
    void keyframeNormalsAreTheDecodedTrianglesFaceNormal() {
        Character c = stretched();
        KeyframeResult k = Keyframes.bake(c, c.clips().get(0),
                KeyframeOptions.DEFAULTS.withStreams(KeyStreams.POSITIONS_NORMALS), Progress.NONE);
        KeyframeDecoder d = k.decoder();
        // the clip's ends are key poses, decoded exactly; between keys normals are interpolated
        for (float t : new float[] {0, 1}) {
            Vector3f face = faceNormal(d.positionsInto(t, new float[9], 0));
            float[] n = d.normalsInto(t, new float[9], 0);
            for (int v = 0; v < 3; v++) {
                Vector3f nv = new Vector3f(n[3 * v], n[3 * v + 1], n[3 * v + 2]).normalize();
                assertThat(nv.dot(face)).as("time %s vertex %d", t, v).isCloseTo(1f, within(1e-3f));
            }
        }
    }
}

package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

/** The README's crowd example, kept compiling and checked on the testkit humanoid. */
class CrowdReadmeExampleTest {
    @Test
    void readmeExampleWritesPalettesBoundsAndTheVisibleInstances() {
        Character hero = CrowdModels.humanoid();
        double seconds = 4.25;
        // a 40 x 25 grid of instances 2 m apart, turned about y, seen from above one corner
        float[] transforms = new float[12 * 1000];
        for (int i = 0; i < 1000; i++) {
            Matrix4f m = new Matrix4f().translation(2f * (i % 40), 0, -2f * (i / 40)).rotateY(0.1f * i);
            for (int r = 0; r < 3; r++) {
                Vector4f row = m.getRow(r, new Vector4f());
                transforms[12 * i + 4 * r] = row.x;
                transforms[12 * i + 4 * r + 1] = row.y;
                transforms[12 * i + 4 * r + 2] = row.z;
                transforms[12 * i + 4 * r + 3] = row.w;
            }
        }
        Matrix4f view = new Matrix4f().perspective((float) Math.toRadians(50), 16f / 9, 0.1f, 60)
                .lookAt(-5, 10, 5, 20, 0, -20, 0, 1, 0);
        float[] planes = new float[24];
        Vector4f plane = new Vector4f();
        for (int p = 0; p < 6; p++) {
            view.frustumPlane(p, plane);
            planes[4 * p] = plane.x;
            planes[4 * p + 1] = plane.y;
            planes[4 * p + 2] = plane.z;
            planes[4 * p + 3] = plane.w;
        }

        // --- README example starts (hero as in the example above; seconds, transforms, planes from the engine)
        VatResult bones = Vat.bakeBoneTexture(hero, hero.clips(), BoneTextureOptions.DEFAULTS, Progress.NONE);
        CrowdFrames frames = CrowdFrames.of(bones);                // or CrowdFrames.of(VatFiles.read(dir))
        Crowd crowd = Crowd.create(frames, 1000, CrowdOptions.DEFAULTS.withParallelism(2)
                .withBoundsPadding(frames.roundingPadding(VatEncoding.HALF, 2f))); // 2: largest bind coordinate
        for (int i = 0; i < 1000; i++) {
            crowd.setInstance(i, i % frames.clipCount(), 0.37f * i, 0.9f + 0.02f * (i % 10)); // clip, phase, speed
        }
        short[] palettes = new short[12 * frames.boneCount() * 1000];  // half floats, 24 bytes per matrix
        float[] boxes = new float[6 * 1000];
        float[] batch = new float[6];
        int[] visible = new int[1000];
        // every frame; transforms: 12 floats per instance (the rows of its 3x4 model-to-world matrix),
        // planes: the 6 planes (a, b, c, d) of the view frustum, a x + b y + c z + d >= 0 inside
        crowd.palettesInto(1000, seconds, palettes, 0);
        crowd.boundsInto(1000, transforms, 0, boxes, 0);
        CrowdBounds.unionInto(boxes, 0, 1000, batch, 0);
        int count = CrowdBounds.cullInto(boxes, 0, 1000, planes, 0, visible, 0);
        // --- README example ends

        // the humanoid's bind pose fits the padding's assumption
        float maxBind = 0;
        for (float v : bones.parts().get(0).mesh().positions()) {
            maxBind = Math.max(maxBind, Math.abs(v));
        }
        assertThat(maxBind).isLessThanOrEqualTo(2f);
        // instance 7's palette is its clip's blend at its clip time
        int per = 12 * frames.boneCount();
        float[] expected = CrowdPalettesTest.naivePalette(frames, 7 % 2, crowd.clipTime(7, seconds));
        for (int k = 0; k < per; k++) {
            assertThat(palettes[7 * per + k]).isEqualTo(HalfFloats.toHalf(expected[k]));
        }
        // the batch box spans the grid (80 m by 50 m of instances, a character about 1.7 m tall)
        assertThat(batch[0]).isLessThan(0);
        assertThat(batch[3]).isGreaterThan(78);
        assertThat(batch[2]).isLessThan(-48);
        assertThat(batch[4] - batch[1]).isBetween(1.5f, 2.5f);
        // some, not all, instances are in view, in ascending order
        assertThat(count).isBetween(50, 999);
        for (int i = 1; i < count; i++) {
            assertThat(visible[i]).isGreaterThan(visible[i - 1]);
        }
    }
}

package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The crowd page's joints are uint16, so a palette may have at most 65,536 bones. The model refuses a
 * larger skin where it is made (so {@link CrowdMesh#of} never sees one); at the limit every entry,
 * the last (65,535) included, is written exactly.
 */
class CrowdMeshPaletteLimitTest {
    private static String[] names(int n) {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "b" + i;
        }
        return names;
    }

    private static float[] identities(int n) {
        float[] m = new float[16 * n];
        for (int i = 0; i < n; i++) {
            m[16 * i] = 1;
            m[16 * i + 5] = 1;
            m[16 * i + 10] = 1;
            m[16 * i + 15] = 1;
        }
        return m;
    }

    @Test
    void aPaletteBeyondTheLimitCannotBeMade() {
        assertThat(CrowdMesh.MAX_PALETTE).isEqualTo(1 << 16).isEqualTo(Skin.MAX_PALETTE_SIZE);
        int n = Skin.MAX_PALETTE_SIZE + 1;
        assertThatThrownBy(() -> Skin.of(names(n), identities(n), BoneWeights.of(1, new int[3], new float[] {1, 1, 1})))
                .isInstanceOf(ValidationException.class).hasMessage("skin: palette size 65537, expected 1..65536");
    }

    @Test
    void aPaletteAtTheLimitWritesItsLastEntry() {
        int n = CrowdMesh.MAX_PALETTE;
        int[] joints = {0, n / 2, n - 1};
        Skin skin = Skin.of(names(n), identities(n), BoneWeights.of(1, joints, new float[] {1, 1, 1}));
        Mesh mesh = Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(skin).build();
        CrowdMesh out = CrowdMesh.of(List.of(Part.of("wide", mesh)));
        assertThat(out.paletteSize()).isEqualTo(n);
        assertThat(out.jointBytes()).isEqualTo(2);
        ByteBuffer b = ByteBuffer.wrap(out.jointStream()).order(ByteOrder.LITTLE_ENDIAN);
        int k = out.influences();
        assertThat(b.capacity()).isEqualTo(2 * k * out.vertexCount());
        assertThat(out.vertexCount()).isEqualTo(3);
        for (int v = 0; v < 3; v++) {
            assertThat(Short.toUnsignedInt(b.getShort(2 * k * v))).isEqualTo(joints[v]);
        }
    }
}

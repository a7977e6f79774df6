package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared real assets scaled to a 1.8 m tall character (their largest rest extent): half and
 * unorm16 vertex textures, and half bone textures, stay below a millimetre.
 */
class SharedAssetsVatTest {
    private static final double MILLIMETRE = 1e-3;
    private static final float HEIGHT = 1.8f;

    static Character scaledAsset(String name) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + name);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT + " (needs assets/" + name + ")");
        Character c = GltfReader.read(file.get()).character();
        Bounds b = VatModels.restBounds(c);
        float extent = Math.max(b.maxX() - b.minX(), Math.max(b.maxY() - b.minY(), b.maxZ() - b.minZ()));
        Character scaled = VatModels.scaled(c, HEIGHT / extent);
        Bounds s = VatModels.restBounds(scaled);
        assertThat(Math.max(s.maxX() - s.minX(), Math.max(s.maxY() - s.minY(), s.maxZ() - s.minZ())))
                .isCloseTo(HEIGHT, org.assertj.core.api.Assertions.within(1e-4f));
        return scaled;
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    void halfAndUnorm16StayBelowOneMillimetre(String asset) throws IOException {
        Character c = scaledAsset(asset);
        for (VatEncoding e : new VatEncoding[] {VatEncoding.HALF, VatEncoding.UNORM16}) {
            for (PositionMode m : PositionMode.values()) {
                VatResult r = Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withEncoding(e)
                        .withPositionMode(m), Progress.NONE);
                assertThat(r.maxError()).as("%s %s %s", asset, e, m).isLessThan(MILLIMETRE);
            }
        }
        if (c.parts().size() == 1) {
            VatResult bones = Vat.bakeBoneTexture(c, c.clips(), BoneTextureOptions.DEFAULTS, Progress.NONE);
            assertThat(bones.maxError()).as("%s bones", asset).isLessThan(MILLIMETRE);
        }
    }
}

package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rewrite tables: rules apply in order, each to the previous result; the commands' tables on library wording. */
class MessageRewritesTest {
    @Test
    void rulesApplyInOrderEachToThePreviousResult() {
        MessageRewrites r = MessageRewrites.of("a or b", "c", "b", "d", "c", "c!");
        assertThat(r.apply("a or b, then b")).isEqualTo("c!, then d");
        // the longer phrase first: applied after "b", "a or b" would never match
        assertThat(MessageRewrites.of("b", "d", "a or b", "c").apply("a or b")).isEqualTo("a or d");
        assertThat(MessageRewrites.of("x", "y").then(MessageRewrites.of("y", "z")).apply("x")).isEqualTo("z");
        assertThatThrownBy(() -> MessageRewrites.of("x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("MessageRewrites.of: 1 texts, expected pairs");
        assertThatThrownBy(() -> MessageRewrites.of("", "y")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("MessageRewrites.of: rule 0 replaces an empty text");
    }

    @Test
    void theBakeCommandsNameTheirOwnOptions() {
        String pages = "bakeVertexTextures: clip 'walk' needs 900 rows, more than maxHeight 512; lower the rate, raise"
                + " maxWidth or maxHeight, bake fewer clips per texture, or split the clips across pages (PageMode.SPLIT)";
        assertThat(AnimationTextures.VAT_TERMS.apply(pages)).isEqualTo("bakeVertexTextures: clip 'walk' needs 900"
                + " rows, more than the largest height 512; lower --fps, raise --max-width, or bake fewer clips per"
                + " folder");
        assertThat(AnimationTextures.BONES_TEXTURE_TERMS.apply(pages)).isEqualTo("bakeVertexTextures: clip 'walk'"
                + " needs 900 rows, more than the largest height 512; lower --fps or bake fewer clips per folder");
        String space = "bakeBoneTexture: parts differ, so bake in the character's space or combine the parts first";
        assertThat(AnimationTextures.BONES_TEXTURE_TERMS.apply(space))
                .isEqualTo("bakeBoneTexture: parts differ, so combine the parts first (skinmesh combine)");
        assertThat(AnimationTextures.VAT_TERMS.apply("maxWidth=5000")).isEqualTo("--max-width=5000");
        assertThat(AnimationTextures.BONES_TEXTURE_TERMS.apply("maxWidth=5000")).isEqualTo("maxWidth=5000");
        assertThat(LmCommand.LM_TERMS.apply("LayaModels.write: draw 3 binds 30 bones, expected at most maxBones 24;"
                + " OversizeTriangles.DROP_INFLUENCES drops its smallest influences until it fits"))
                .isEqualTo("LayaModels.write: draw 3 binds 30 bones, expected at most maxBones 24; raise --max-bones");
        assertThat(PartitionCommand.PARTITION_TERMS.apply("OversizeTriangles.DROP_INFLUENCES drops influences"))
                .isEqualTo("--drop-influences drops influences");
        assertThat(KeysCommand.KEYS_TERMS.apply("Keyframes.bake: clip 'x' is short; raise the rate to 6 fps"))
                .isEqualTo("clip 'x' is short; raise --fps to 6 fps");
    }
}

package io.github.skinmesh.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FormatExceptionTest {
    @Test
    void withoutASourceTheMessageIsTheDetail() {
        IOException io = new IOException("disk");
        FormatException e = new FormatException("accessors[7]: count 100", io);
        assertThat(e.source()).isNull();
        assertThat(e.detail()).isEqualTo("accessors[7]: count 100");
        assertThat(e).hasMessage("accessors[7]: count 100").hasCause(io);
        assertThat(new FormatException("x").getCause()).isNull();
        assertThat(new FormatException(null, "y", null)).hasMessage("y").hasNoCause();
    }

    @Test
    void withSourceNamesTheFileAndKeepsDetailCauseAndTrace() {
        IOException io = new IOException("disk");
        FormatException e = new FormatException("accessors[7]: count 100", io);
        e.addSuppressed(new IllegalArgumentException("also"));
        Path file = Path.of("models", "fox.glb");
        FormatException named = e.withSource(file);
        assertThat(named).isNotSameAs(e).hasMessage(file + ": accessors[7]: count 100").hasCause(io);
        assertThat(named.source()).isEqualTo(file);
        assertThat(named.detail()).isEqualTo("accessors[7]: count 100");
        assertThat(named.getStackTrace()).isEqualTo(e.getStackTrace());
        assertThat(named.getSuppressed()).containsExactly(e.getSuppressed());
        assertThat(e.source()).as("the original is unchanged").isNull();
        assertThat(e).hasMessage("accessors[7]: count 100");
    }

    @Test
    void aSecondSourceReplacesTheFirst() {
        Path a = Path.of("a.gltf");
        Path b = Path.of("dir", "b.glb");
        FormatException e = new FormatException(a, "nodes[1]: bad", null).withSource(b);
        assertThat(e).hasMessage(b + ": nodes[1]: bad").hasNoCause();
        assertThat(e.source()).isEqualTo(b);
    }
}

package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

class PngDeflateBenchTest {
    static byte[] inflate(byte[] zlib, int length) throws DataFormatException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(zlib);
            byte[] out = new byte[length + 1];
            int n = 0;
            while (!inflater.finished()) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && inflater.needsInput()) {
                    break;
                }
                n += got;
            }
            assertThat(inflater.finished()).isTrue();
            return Arrays.copyOf(out, n);
        } finally {
            inflater.end();
        }
    }

    @Test
    void everyWorkloadRoundTripsAndStaysNearZlibLevel6() throws DataFormatException {
        for (String workload : new String[] {"humanoid", "humanoidAtlas", "atlasA1"}) {
            PngDeflateBench bench = new PngDeflateBench();
            bench.workload = workload;
            bench.setup();
            try {
                assertThat(bench.filtered).isNotEmpty();
                for (byte[] f : bench.filtered) {
                    assertThat(inflate(Deflate.zlib(f, 6), f.length)).isEqualTo(f);
                }
                int ours = bench.deflate6();
                int zlib = bench.baselineZlib6();
                assertThat(bench.deflate1()).isEqualTo(bench.compressedSize(1));
                assertThat(ours).as("%s: ours %d, zlib level 6 %d", workload, ours, zlib)
                        .isEqualTo(bench.compressedSize(6)).isLessThanOrEqualTo(zlib + zlib / 10);
                System.out.printf("PngDeflateBench %s: filtered %d, level 6 %d, level 1 %d, zlib level 6 %d%n", workload,
                        bench.filtered.stream().mapToInt(f -> f.length).sum(), ours, bench.deflate1(), zlib);
            } finally {
                bench.tearDown();
            }
        }
    }
}

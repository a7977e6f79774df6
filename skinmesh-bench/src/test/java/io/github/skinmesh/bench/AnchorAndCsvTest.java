package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same-window anchor ({@link Anchor}), its ratios in the table, and the CSV rows ({@link ResultsCsv}). */
class AnchorAndCsvTest {
    @Test
    void parsesNameScoreAndCpuScore() {
        Anchor a = Anchor.parse("ozz:248.0e6:252.5e6");
        assertThat(a.name()).isEqualTo("ozz");
        assertThat(a.score()).isEqualTo(248e6);
        assertThat(a.cpuScore()).isEqualTo(252.5e6);
        assertThat(Anchor.parse("ozz:1e6").cpuScore()).isNaN();
    }

    @Test
    void rejectsMalformedAnchorsNamingTheProperty() {
        assertThatThrownBy(() -> Anchor.parse("ozz")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("skinmesh.bench.anchor").hasMessageContaining("'ozz'");
        assertThatThrownBy(() -> Anchor.parse("ozz:fast")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'ozz:fast'");
        assertThatThrownBy(() -> Anchor.parse(":1:2")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ratiosAreScoreOverAnchorOrADashWhenUnknown() {
        assertThat(Anchor.ratio(300e6, 250e6)).isEqualTo("1.20x");
        assertThat(Anchor.ratio(Double.NaN, 250e6)).isEqualTo("-");
        assertThat(Anchor.ratio(300e6, Double.NaN)).isEqualTo("-");
    }

    /**
     * Per-CPU-second scores are the median of the iterations' rates: a first iteration that ran
     * before the JIT had compiled the kernel (8 calls in 0.15 s of CPU, as a 5,000-vertex LbsBench
     * run on a loaded machine measured) leaves the steady rate of the others (about 7,000 calls per
     * 0.15 s), where the ratio of the sums fell to 5/6 of it.
     */
    @Test
    void perCpuSecondScoresAreTheMedianOfTheIterationsNotTheRatioOfTheSums() {
        List<double[]> iterations = List.of(new double[] {8, 0.15e9}, new double[] {7000, 0.15e9},
                new double[] {7100, 0.15e9}, new double[] {6900, 0.15e9}, new double[] {7050, 0.15e9});
        assertThat(BenchMain.medianRate(iterations)).isCloseTo(7000 / 0.15, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(BenchMain.medianRate(List.of(new double[] {10, 1e9}, new double[] {30, 1e9})))
                .isCloseTo(20, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(BenchMain.medianRate(List.of(new double[] {5, 0}))).isNaN();
        assertThat(BenchMain.medianRate(List.of())).isNaN();
    }

    @Test
    void theTableShowsPerCpuSecondScoresAndSameWindowRatios() {
        List<RatioTable.Row> rows = List.of(
                new RatioTable.Row("a.LbsBench.baselineNaive", "vertices=50000", 50e6, 1e6, "ops/s", "vertices", 60e6),
                new RatioTable.Row("a.LbsBench.bound", "vertices=50000", 200e6, 1e6, "ops/s", "vertices", 300e6),
                new RatioTable.Row("a.LbsBench.twoThreads", "vertices=50000", 400e6, 1e6, "ops/s", "vertices"));
        String table = RatioTable.format(rows, new Anchor("ozz", 250e6, 250e6));
        assertThat(table).contains("(ozz in the same minutes: 250.000 M/s, per CPU-s 250.000 M/s)");
        assertThat(table).contains("bound").contains("4.00x  per CPU-s    300.000  vs ozz 0.80x (per CPU-s 1.20x)");
        assertThat(table).contains("twoThreads").contains("8.00x  vs ozz 1.60x (per CPU-s -)");
    }

    @Test
    void csvRowsCarryTheMachineTheAnchorAndBothRatios(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("r.csv");
        List<RatioTable.Row> rows = List.of(
                new RatioTable.Row("a.LbsBench.baselineNaive", "streams=POSITIONS_NORMALS, vertices=50000", 50e6, 1e6,
                        "ops/s", "vertices", 60e6),
                new RatioTable.Row("a.LbsBench.bound", "streams=POSITIONS_NORMALS, vertices=50000", 200e6, 1e6,
                        "ops/s", "vertices", 300e6));
        ResultsCsv.append(csv, rows, "17.0.15", new Anchor("ozz", 250e6, 240e6));
        ResultsCsv.append(csv, rows.subList(0, 1), "17.0.15", null);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo(ResultsCsv.HEADER);
        String[] bound = lines.get(2).split(",", -1);
        assertThat(bound).hasSize(16);
        assertThat(bound[3]).isEqualTo("LbsBench.bound");
        assertThat(bound[4]).isEqualTo("streams=POSITIONS_NORMALS vertices=50000");
        assertThat(bound[5]).isEqualTo("200.000");
        assertThat(bound[6]).isEqualTo("Mvertices/s");
        assertThat(bound[7]).isEqualTo("4.00");
        assertThat(bound[8]).isEqualTo(Machine.cpuModel());
        assertThat(bound[9]).isNotEmpty();
        assertThat(bound[10]).isEqualTo("300.000");
        assertThat(bound[11]).isEqualTo("ozz");
        assertThat(bound[12]).isEqualTo("250.000");
        assertThat(bound[13]).isEqualTo("240.000");
        assertThat(bound[14]).isEqualTo("0.80");
        assertThat(bound[15]).isEqualTo("1.25");
        String[] noAnchor = lines.get(3).split(",", -1);
        assertThat(noAnchor).hasSize(16);
        assertThat(noAnchor[11]).isEmpty();
        assertThat(noAnchor[14]).isEmpty();
    }
}

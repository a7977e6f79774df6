package io.github.skinmesh.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names what one JMH operation of a benchmark class counts (with
 * {@code @OperationsPerInvocation} set to match, or with {@link #perParam()} naming the parameter
 * that counts them), e.g. {@code "vertices"} or {@code "poses"};
 * {@link BenchMain} then prints {@code Mvertices/s} instead of {@code ops/s}. Without it the unit
 * is {@code ops}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BenchUnit {
    /** @return the plural noun of one operation */
    String value();

    /**
     * @return the name of a {@code @Param} whose value is the number of {@link #value()} units in
     *     one JMH operation (its score is multiplied by it), or empty when
     *     {@code @OperationsPerInvocation} already counts them
     */
    String perParam() default "";
}

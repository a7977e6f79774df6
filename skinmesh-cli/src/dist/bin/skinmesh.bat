@echo off
rem Starts the skinmesh command line: bin\skinmesh <command> [options]
rem
rem The JVM runs with --add-modules jdk.incubator.vector, so skinning uses the SIMD kernel.
rem
rem   JAVA_HOME      the Java (17 or newer) to run; without it, java on the PATH
rem   JAVA_OPTS      options for the JVM, separated by spaces, e.g. set JAVA_OPTS=-Xmx4g
rem   SKINMESH_OPTS  more JVM options, placed after JAVA_OPTS
rem
rem Works from any folder; arguments reach the command as typed and the exit code is the
rem command's. Unlike bin/skinmesh, this script leaves the JVM's one-line notice that an
rem incubator module is in use on stderr (cmd cannot filter stderr and keep the exit code).

setlocal
set "SKINMESH_JAR=%~dp0..\lib\skinmesh.jar"
if exist "%SKINMESH_JAR%" goto findJava
echo skinmesh: %SKINMESH_JAR% is missing; the installation is incomplete 1>&2
exit /b 1

:findJava
if not defined JAVA_HOME goto javaOnPath
set "JAVA_EXE=%JAVA_HOME:"=%\bin\java.exe"
if exist "%JAVA_EXE%" goto run
echo skinmesh: JAVA_HOME is '%JAVA_HOME%' but %JAVA_EXE% does not exist; set JAVA_HOME to a Java 17 or newer, or unset it to use java on the PATH 1>&2
exit /b 1

:javaOnPath
set "JAVA_EXE=java.exe"
where /q java.exe
if not errorlevel 1 goto run
echo skinmesh: no java on the PATH; install Java 17 or newer, or set JAVA_HOME 1>&2
exit /b 1

:run
"%JAVA_EXE%" --add-modules jdk.incubator.vector %JAVA_OPTS% %SKINMESH_OPTS% -jar "%SKINMESH_JAR%" %*
exit /b %ERRORLEVEL%

; ModuleID = 'matrix.c'
source_filename = "matrix.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@main.a = internal global [12 x [12 x i32]] zeroinitializer, align 16
@main.b = internal global [12 x [12 x i32]] zeroinitializer, align 16
@main.c = internal global [12 x [12 x i32]] zeroinitializer, align 16
@.str = private unnamed_addr constant [11 x i8] c"trace %ld\0A\00", align 1
@.str.1 = private unnamed_addr constant [13 x i8] c"negative %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr noundef readnone captures(none) %1) local_unnamed_addr #0 !func_sanitize !9 {
  %3 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %0, i32 9), !nosanitize !10
  %4 = extractvalue { i32, i1 } %3, 0, !nosanitize !10
  %5 = extractvalue { i32, i1 } %3, 1, !nosanitize !10
  br i1 %5, label %13, label %6, !prof !11, !nosanitize !10

6:                                                ; preds = %2
  %7 = icmp sgt i32 %4, 0
  %8 = tail call i32 @llvm.smax.i32(i32 %4, i32 0)
  %9 = zext nneg i32 %8 to i64
  %10 = icmp slt i32 %4, 1
  br i1 %10, label %34, label %11

11:                                               ; preds = %6
  %12 = zext nneg i32 %4 to i64
  br label %17

13:                                               ; preds = %158, %209, %219, %2
  tail call void @llvm.ubsantrap(i8 0) #5, !nosanitize !10
  unreachable, !nosanitize !10

14:                                               ; preds = %158
  %15 = add nuw nsw i64 %18, 1
  %16 = icmp eq i64 %15, %9
  br i1 %16, label %34, label %17, !llvm.loop !12

17:                                               ; preds = %11, %14
  %18 = phi i64 [ %15, %14 ], [ 0, %11 ]
  br i1 %7, label %19, label %158

19:                                               ; preds = %17
  %20 = trunc nuw nsw i64 %18 to i32
  %21 = tail call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %20, i32 3), !nosanitize !10
  %22 = extractvalue { i32, i1 } %21, 0, !nosanitize !10
  %23 = extractvalue { i32, i1 } %21, 1, !nosanitize !10
  %24 = icmp samesign ult i64 %18, 12
  %25 = getelementptr inbounds nuw [12 x i32], ptr @main.a, i64 %18
  %26 = mul nuw nsw i64 %18, 48
  %27 = icmp ugt i64 %26, xor (i64 ptrtoint (ptr @main.a to i64), i64 -1)
  %28 = ptrtoint ptr %25 to i64
  %29 = xor i64 %28, -1
  %30 = icmp ugt i64 %26, xor (i64 ptrtoint (ptr @main.b to i64), i64 -1)
  %31 = getelementptr inbounds nuw [12 x i32], ptr @main.b, i64 %18
  %32 = ptrtoint ptr %31 to i64
  %33 = xor i64 %32, -1
  br i1 %23, label %166, label %160, !prof !11, !nosanitize !10

34:                                               ; preds = %14, %6
  %35 = icmp sgt i32 %4, 0
  %36 = tail call i32 @llvm.smax.i32(i32 %4, i32 0)
  %37 = zext nneg i32 %36 to i64
  %38 = icmp slt i32 %4, 1
  br i1 %38, label %105, label %39

39:                                               ; preds = %34
  %40 = zext nneg i32 %4 to i64
  br label %44

41:                                               ; preds = %60
  %42 = add nuw nsw i64 %45, 1
  %43 = icmp eq i64 %42, %37
  br i1 %43, label %105, label %44, !llvm.loop !15

44:                                               ; preds = %39, %41
  %45 = phi i64 [ 0, %39 ], [ %42, %41 ]
  %46 = getelementptr inbounds nuw [12 x i32], ptr @main.a, i64 %45
  %47 = mul nuw nsw i64 %45, 48
  %48 = icmp ugt i64 %47, xor (i64 ptrtoint (ptr @main.a to i64), i64 -1)
  %49 = ptrtoint ptr %46 to i64
  %50 = xor i64 %49, -1
  %51 = getelementptr inbounds nuw [12 x i32], ptr @main.c, i64 %45
  %52 = icmp ugt i64 %47, xor (i64 ptrtoint (ptr @main.c to i64), i64 -1)
  %53 = ptrtoint ptr %51 to i64
  %54 = xor i64 %53, -1
  br label %55

55:                                               ; preds = %44, %101
  %56 = phi i64 [ %103, %101 ], [ 0, %44 ]
  br i1 %35, label %57, label %62

57:                                               ; preds = %55
  %58 = icmp samesign ult i64 %56, 12
  %59 = shl nuw nsw i64 %56, 2
  br i1 %48, label %68, label %64, !prof !11, !nosanitize !10

60:                                               ; preds = %101
  %61 = icmp eq i64 %45, 2147483647
  br i1 %61, label %91, label %41, !prof !11, !nosanitize !10

62:                                               ; preds = %92, %55
  %63 = phi i32 [ 0, %55 ], [ %93, %92 ]
  br i1 %52, label %68, label %96, !prof !11, !nosanitize !10

64:                                               ; preds = %57, %92
  %65 = phi i64 [ %94, %92 ], [ 0, %57 ]
  %66 = phi i32 [ %93, %92 ], [ 0, %57 ]
  %67 = icmp eq i64 %65, 12
  br i1 %67, label %69, label %70, !prof !11, !nosanitize !10

68:                                               ; preds = %98, %62, %57, %76, %70
  tail call void @llvm.ubsantrap(i8 19) #5, !nosanitize !10
  unreachable, !nosanitize !10

69:                                               ; preds = %96, %73, %64
  tail call void @llvm.ubsantrap(i8 18) #5, !nosanitize !10
  unreachable, !nosanitize !10

70:                                               ; preds = %64
  %71 = shl nuw nsw i64 %65, 2
  %72 = icmp ugt i64 %71, %50
  br i1 %72, label %68, label %73, !prof !11, !nosanitize !10

73:                                               ; preds = %70
  %74 = getelementptr inbounds nuw i32, ptr %46, i64 %65
  %75 = load i32, ptr %74, align 4, !tbaa !5
  br i1 %58, label %76, label %69, !prof !16, !nosanitize !10

76:                                               ; preds = %73
  %77 = getelementptr inbounds nuw [12 x i32], ptr @main.b, i64 %65
  %78 = ptrtoint ptr %77 to i64, !nosanitize !10
  %79 = xor i64 %78, -1
  %80 = icmp ugt i64 %59, %79
  br i1 %80, label %68, label %81, !prof !11, !nosanitize !10

81:                                               ; preds = %76
  %82 = getelementptr inbounds nuw i32, ptr %77, i64 %56
  %83 = load i32, ptr %82, align 4, !tbaa !5
  %84 = tail call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %75, i32 %83), !nosanitize !10
  %85 = extractvalue { i32, i1 } %84, 1, !nosanitize !10
  br i1 %85, label %86, label %87, !prof !11, !nosanitize !10

86:                                               ; preds = %81
  tail call void @llvm.ubsantrap(i8 12) #5, !nosanitize !10
  unreachable, !nosanitize !10

87:                                               ; preds = %81
  %88 = extractvalue { i32, i1 } %84, 0, !nosanitize !10
  %89 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %66, i32 %88), !nosanitize !10
  %90 = extractvalue { i32, i1 } %89, 1, !nosanitize !10
  br i1 %90, label %91, label %92, !prof !11, !nosanitize !10

91:                                               ; preds = %60, %87
  tail call void @llvm.ubsantrap(i8 0) #5, !nosanitize !10
  unreachable, !nosanitize !10

92:                                               ; preds = %87
  %93 = extractvalue { i32, i1 } %89, 0, !nosanitize !10
  %94 = add nuw nsw i64 %65, 1
  %95 = icmp eq i64 %94, %40
  br i1 %95, label %62, label %64, !llvm.loop !17

96:                                               ; preds = %62
  %97 = icmp eq i64 %56, 12
  br i1 %97, label %69, label %98, !prof !11, !nosanitize !10

98:                                               ; preds = %96
  %99 = shl nuw nsw i64 %56, 2
  %100 = icmp ugt i64 %99, %54
  br i1 %100, label %68, label %101, !prof !11, !nosanitize !10

101:                                              ; preds = %98
  %102 = getelementptr inbounds nuw i32, ptr %51, i64 %56
  store i32 %63, ptr %102, align 4, !tbaa !5
  %103 = add nuw nsw i64 %56, 1
  %104 = icmp eq i64 %103, %40
  br i1 %104, label %60, label %55, !llvm.loop !18

105:                                              ; preds = %41, %34
  br i1 %35, label %106, label %150

106:                                              ; preds = %105
  %107 = add nsw i32 %4, -1
  %108 = zext nneg i32 %4 to i64
  %109 = icmp ult i32 %4, 13
  br label %110

110:                                              ; preds = %146, %106
  %111 = phi i64 [ 0, %106 ], [ %148, %146 ]
  %112 = phi i64 [ 0, %106 ], [ %147, %146 ]
  %113 = getelementptr inbounds nuw [12 x i32], ptr @main.c, i64 %111
  %114 = icmp eq i64 %111, 12
  br i1 %114, label %116, label %117, !prof !11, !nosanitize !10

115:                                              ; preds = %130, %117
  tail call void @llvm.ubsantrap(i8 19) #5, !nosanitize !10
  unreachable, !nosanitize !10

116:                                              ; preds = %129, %110
  tail call void @llvm.ubsantrap(i8 18) #5, !nosanitize !10
  unreachable, !nosanitize !10

117:                                              ; preds = %110
  %118 = shl nuw nsw i64 %111, 2
  %119 = ptrtoint ptr %113 to i64, !nosanitize !10
  %120 = xor i64 %119, -1
  %121 = icmp ugt i64 %118, %120
  br i1 %121, label %115, label %122, !prof !11, !nosanitize !10

122:                                              ; preds = %117
  %123 = getelementptr inbounds nuw i32, ptr %113, i64 %111
  %124 = load i32, ptr %123, align 4, !tbaa !5
  %125 = trunc nuw nsw i64 %111 to i32
  %126 = tail call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %107, i32 %125), !nosanitize !10
  %127 = extractvalue { i32, i1 } %126, 1, !nosanitize !10
  br i1 %127, label %128, label %129, !prof !11, !nosanitize !10

128:                                              ; preds = %135, %122
  tail call void @llvm.ubsantrap(i8 21) #5, !nosanitize !10
  unreachable, !nosanitize !10

129:                                              ; preds = %122
  br i1 %109, label %130, label %116, !prof !16, !nosanitize !10

130:                                              ; preds = %129
  %131 = extractvalue { i32, i1 } %126, 0, !nosanitize !10
  %132 = zext nneg i32 %131 to i64
  %133 = shl nuw nsw i64 %132, 2
  %134 = icmp ugt i64 %133, %120
  br i1 %134, label %115, label %135, !prof !11, !nosanitize !10

135:                                              ; preds = %130
  %136 = getelementptr inbounds nuw i32, ptr %113, i64 %132
  %137 = load i32, ptr %136, align 4, !tbaa !5
  %138 = tail call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %124, i32 %137), !nosanitize !10
  %139 = extractvalue { i32, i1 } %138, 1, !nosanitize !10
  br i1 %139, label %128, label %140, !prof !11, !nosanitize !10

140:                                              ; preds = %135
  %141 = extractvalue { i32, i1 } %138, 0, !nosanitize !10
  %142 = sext i32 %141 to i64
  %143 = tail call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %112, i64 %142), !nosanitize !10
  %144 = extractvalue { i64, i1 } %143, 1, !nosanitize !10
  br i1 %144, label %145, label %146, !prof !11, !nosanitize !10

145:                                              ; preds = %140
  tail call void @llvm.ubsantrap(i8 0) #5, !nosanitize !10
  unreachable, !nosanitize !10

146:                                              ; preds = %140
  %147 = extractvalue { i64, i1 } %143, 0, !nosanitize !10
  %148 = add nuw nsw i64 %111, 1
  %149 = icmp eq i64 %148, %108
  br i1 %149, label %150, label %110, !llvm.loop !19

150:                                              ; preds = %146, %105
  %151 = phi i64 [ 0, %105 ], [ %147, %146 ]
  %152 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %151)
  %153 = icmp sgt i32 %4, 0
  %154 = zext nneg i32 %8 to i64
  %155 = icmp slt i32 %4, 1
  br i1 %155, label %206, label %156

156:                                              ; preds = %150
  %157 = zext nneg i32 %4 to i64
  br label %195

158:                                              ; preds = %188, %17
  %159 = icmp eq i64 %18, 2147483647
  br i1 %159, label %13, label %14, !prof !11, !nosanitize !10

160:                                              ; preds = %19, %188
  %161 = phi i64 [ %190, %188 ], [ 0, %19 ]
  %162 = trunc i64 %161 to i32
  %163 = mul i32 %162, 5
  %164 = tail call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %22, i32 %163), !nosanitize !10
  %165 = extractvalue { i32, i1 } %164, 1, !nosanitize !10
  br i1 %165, label %167, label %168, !prof !11, !nosanitize !10

166:                                              ; preds = %19
  tail call void @llvm.ubsantrap(i8 12) #5, !nosanitize !10
  unreachable, !nosanitize !10

167:                                              ; preds = %160
  tail call void @llvm.ubsantrap(i8 21) #5, !nosanitize !10
  unreachable, !nosanitize !10

168:                                              ; preds = %160
  %169 = extractvalue { i32, i1 } %164, 0, !nosanitize !10
  %170 = srem i32 %169, 7
  br i1 %24, label %172, label %171, !prof !16, !nosanitize !10

171:                                              ; preds = %174, %168, %198, %212
  tail call void @llvm.ubsantrap(i8 18) #5, !nosanitize !10
  unreachable, !nosanitize !10

172:                                              ; preds = %168
  br i1 %27, label %173, label %174, !prof !11, !nosanitize !10

173:                                              ; preds = %179, %176, %172, %203, %216
  tail call void @llvm.ubsantrap(i8 19) #5, !nosanitize !10
  unreachable, !nosanitize !10

174:                                              ; preds = %172
  %175 = icmp eq i64 %161, 12
  br i1 %175, label %171, label %176, !prof !11, !nosanitize !10

176:                                              ; preds = %174
  %177 = shl nuw nsw i64 %161, 2
  %178 = icmp ugt i64 %177, %29
  br i1 %178, label %173, label %179, !prof !11, !nosanitize !10

179:                                              ; preds = %176
  %180 = getelementptr inbounds nuw i32, ptr %25, i64 %161
  store i32 %170, ptr %180, align 4, !tbaa !5
  %181 = shl nuw nsw i64 %161, 1
  %182 = add nuw nsw i64 %181, %18
  %183 = trunc nuw i64 %182 to i32
  %184 = urem i32 %183, 5
  %185 = add nsw i32 %184, -2
  %186 = icmp ugt i64 %177, %33
  %187 = select i1 %30, i1 true, i1 %186, !prof !20
  br i1 %187, label %173, label %188, !prof !20, !nosanitize !10

188:                                              ; preds = %179
  %189 = getelementptr inbounds nuw i32, ptr %31, i64 %161
  store i32 %185, ptr %189, align 4, !tbaa !5
  %190 = add nuw nsw i64 %161, 1
  %191 = icmp eq i64 %190, %12
  br i1 %191, label %158, label %160, !llvm.loop !21

192:                                              ; preds = %209
  %193 = add nuw nsw i64 %197, 1
  %194 = icmp eq i64 %193, %154
  br i1 %194, label %206, label %195, !llvm.loop !22

195:                                              ; preds = %156, %192
  %196 = phi i32 [ %210, %192 ], [ 0, %156 ]
  %197 = phi i64 [ %193, %192 ], [ 0, %156 ]
  br i1 %153, label %198, label %209

198:                                              ; preds = %195
  %199 = icmp samesign ult i64 %197, 12
  %200 = getelementptr inbounds nuw [12 x i32], ptr @main.c, i64 %197
  %201 = ptrtoint ptr %200 to i64
  %202 = xor i64 %201, -1
  br i1 %199, label %203, label %171, !prof !16, !nosanitize !10

203:                                              ; preds = %198
  %204 = mul nuw nsw i64 %197, 48
  %205 = icmp ugt i64 %204, xor (i64 ptrtoint (ptr @main.c to i64), i64 -1)
  br i1 %205, label %173, label %212, !prof !11, !nosanitize !10

206:                                              ; preds = %192, %150
  %207 = phi i32 [ 0, %150 ], [ %210, %192 ]
  %208 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %207)
  ret i32 0

209:                                              ; preds = %225, %195
  %210 = phi i32 [ %196, %195 ], [ %226, %225 ]
  %211 = icmp eq i64 %197, 2147483647
  br i1 %211, label %13, label %192, !prof !11, !nosanitize !10

212:                                              ; preds = %203, %225
  %213 = phi i64 [ %227, %225 ], [ 0, %203 ]
  %214 = phi i32 [ %226, %225 ], [ %196, %203 ]
  %215 = icmp eq i64 %213, 12
  br i1 %215, label %171, label %216, !prof !11, !nosanitize !10

216:                                              ; preds = %212
  %217 = shl nuw nsw i64 %213, 2
  %218 = icmp ugt i64 %217, %202
  br i1 %218, label %173, label %219, !prof !11, !nosanitize !10

219:                                              ; preds = %216
  %220 = getelementptr inbounds nuw i32, ptr %200, i64 %213
  %221 = load i32, ptr %220, align 4, !tbaa !5
  %222 = lshr i32 %221, 31
  %223 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %214, i32 %222), !nosanitize !10
  %224 = extractvalue { i32, i1 } %223, 1, !nosanitize !10
  br i1 %224, label %13, label %225, !prof !11, !nosanitize !10

225:                                              ; preds = %219
  %226 = extractvalue { i32, i1 } %223, 0, !nosanitize !10
  %227 = add nuw nsw i64 %213, 1
  %228 = icmp eq i64 %227, %157
  br i1 %228, label %209, label %212, !llvm.loop !23
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #1

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.ubsantrap(i8 immarg) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #1

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #3

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #3 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { noreturn nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{i32 -1056584962, i32 -1359287618}
!10 = !{}
!11 = !{!"branch_weights", i32 1, i32 1048575}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = distinct !{!15, !13, !14}
!16 = !{!"branch_weights", i32 1048575, i32 1}
!17 = distinct !{!17, !13, !14}
!18 = distinct !{!18, !13, !14}
!19 = distinct !{!19, !13, !14}
!20 = !{!"branch_weights", i32 8191, i32 -8192}
!21 = distinct !{!21, !13, !14}
!22 = distinct !{!22, !13, !14}
!23 = distinct !{!23, !13, !14}
